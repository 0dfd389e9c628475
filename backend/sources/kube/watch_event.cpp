#include "watch_event.h"

#include "kube_api.h"
#include "kube_objects.h"
#include "kube_store.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace hetsched {

std::optional<WatchEvent> parseWatchEvent(std::string_view line, bool pods) {
  using nlohmann::json;
  const json event = json::parse(line.begin(), line.end(), nullptr, false);
  if (!event.is_object() || !event.contains("type") || !event["type"].is_string()) return std::nullopt;
  const std::string type = event["type"].get<std::string>();
  const json& object = event.contains("object") ? event["object"] : json();
  WatchEvent out;
  if (type == "ERROR") {
    out.type = WatchEvent::Type::Error;
    out.errorCode = object.is_object() && object.contains("code") && object["code"].is_number_integer()
                        ? object["code"].get<int>()
                        : 0;
    out.errorMessage = statusMessage(object.dump());
    return out;
  }
  out.resourceVersion = resourceVersionOf(object);
  if (type == "BOOKMARK") {
    out.type = WatchEvent::Type::Bookmark;
    return out;
  }
  out.type = type == "DELETED" ? WatchEvent::Type::Deleted : WatchEvent::Type::Upsert;
  if (pods) out.pod = podFromJson(object);
  else out.node = nodeFromJson(object);
  return out;
}

void applyWatchEvent(const WatchEvent& event, KubeStore& store) {
  const bool deleted = event.type == WatchEvent::Type::Deleted;
  if (event.type != WatchEvent::Type::Upsert && !deleted) return;
  if (event.node) {
    if (deleted) store.nodes.erase(event.node->name);
    else store.nodes[event.node->name] = *event.node;
  }
  if (event.pod) {
    if (deleted) store.pods.erase(event.pod->key());
    else store.pods[event.pod->key()] = *event.pod;
  }
}

}  // namespace hetsched
