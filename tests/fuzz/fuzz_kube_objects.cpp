// Kubernetes API JSON as --source kubernetes lists it: a NodeList and a
// PodList (or single objects), each item read into what the gateway keeps
// and converted into the engine's topology, node reports and jobs.
// Input: the node JSON, a NUL byte, the pod JSON.
#include "sources/kube/kube_convert.h"
#include "sources/kube/kube_objects.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

template <class Read>
void items(std::string_view text, Read read) {
  const nlohmann::json doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  (void)resourceVersionOf(doc);
  if (doc.is_object() && doc.contains("items") && doc["items"].is_array()) {
    for (const auto& item : doc["items"]) read(item);
  } else {
    read(doc);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view all = fuzz::text(data, size);
  const std::size_t cut = all.find('\0');
  std::map<std::string, KubeNode> nodes;
  std::vector<KubePod> pods;
  items(all.substr(0, cut), [&](const nlohmann::json& item) {
    if (auto node = nodeFromJson(item)) nodes[node->name] = std::move(*node);
  });
  if (cut != std::string_view::npos) {
    items(all.substr(cut + 1), [&](const nlohmann::json& item) {
      if (auto pod = podFromJson(item)) pods.push_back(std::move(*pod));
    });
  }
  (void)topologyOf(nodes);
  for (const auto& [name, node] : nodes) {
    std::vector<const KubePod*> on;
    for (const KubePod& p : pods)
      if (p.nodeName == name && occupiesNode(p)) on.push_back(&p);
    (void)nodeReportOf(node, on, 3000);
  }
  for (const KubePod& p : pods) {
    (void)jobSpecOf(p);
    (void)neededKind(p.requests);
    (void)timestampMs(p.creationTimestamp);
  }
  return 0;
}
