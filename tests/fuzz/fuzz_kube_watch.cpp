// A Kubernetes watch stream as the reflector reads it: chunks of newline-
// delimited JSON events (cut anywhere), split into lines, parsed and applied
// to the store, which the gateway then converts. Input: one byte choosing
// nodes or pods, then length-prefixed chunks (fuzz_input.h).
#include "sources/kube/kube_convert.h"
#include "sources/kube/watch_event.h"
#include "sources/kube/watch_lines.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool pods = data[0] & 1;
  KubeStore store;
  WatchLines lines;
  const WatchLines::OnLine onLine = [&](std::string_view line) {
    const auto event = parseWatchEvent(line, pods);
    if (!event) return true;
    if (event->type == WatchEvent::Type::Error) return false;
    applyWatchEvent(*event, store);
    return true;
  };
  bool open = true;
  for (const auto chunk : fuzz::parts(data + 1, size - 1)) {
    open = lines.feed(fuzz::text(chunk.data(), chunk.size()), onLine);
    if (!open) break;
  }
  if (open) lines.finish(onLine);
  (void)topologyOf(store.nodes);
  for (const auto& [name, node] : store.nodes) (void)nodeReportOf(node, {}, 3000);
  for (const auto& [key, pod] : store.pods) (void)jobSpecOf(pod);
  return 0;
}
