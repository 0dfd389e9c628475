#pragma once

#include "kube_objects.h"
#include "kube_store.h"

#include <optional>
#include <string>
#include <string_view>

namespace hetsched {

// One event of a watch stream ({"type": ..., "object": ...}), parsed.
struct WatchEvent {
  enum class Type { Upsert, Deleted, Bookmark, Error };
  Type type = Type::Upsert;
  std::string resourceVersion;
  std::optional<KubeNode> node;  // Upsert/Deleted of a node that parsed
  std::optional<KubePod> pod;    // Upsert/Deleted of a pod that parsed
  int errorCode = 0;             // Error: the Status object's code (410: too old)
  std::string errorMessage;      // Error: its message
};

// Nothing when the line is not an event (not JSON, no string "type"); ADDED,
// MODIFIED and any other type upsert, as client-go's reflector does.
std::optional<WatchEvent> parseWatchEvent(std::string_view line, bool pods);
// Applies an Upsert or Deleted whose object parsed; anything else is a no-op.
void applyWatchEvent(const WatchEvent& event, KubeStore& store);

}  // namespace hetsched
