#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace hetsched::frag {

class GpuNode;
class TargetWorkload;

// Node GPU fragmentation after Weng et al., ATC'23 (§4): the expected free
// GPU share (in 1/1000) of a node that a task drawn from the target workload
// could not use. For a task that fits, the fragmented part is the GPUs whose
// free share is below the task's per-GPU request; for a task that cannot run
// on the node at all (too little CPU or GPU, wrong model) and for CPU-only
// tasks, all free GPU share of the node is fragmented from its view.
class Fragmentation {
 public:
  // `accessible` is TargetWorkload::accessibleOn(node model).
  static double ofNode(std::uint32_t cpuFree, std::span<const std::uint32_t> gpuFree, const TargetWorkload& workload,
                       std::span<const std::uint8_t> accessible);
  static double ofNode(const GpuNode& node, const TargetWorkload& workload);

  // The same measure in two steps, for a scorer that asks about many states
  // one or a few GPUs away from a node's: what the GPUs hold, counted per
  // distinct per-GPU request of the workload (integers, so counting a
  // changed GPU again gives exactly what counting them all would), then
  // the sum over the workload's shapes.
  struct GpuCounts {
    std::uint32_t total = 0;              // free share of all GPUs
    std::vector<std::uint32_t> enough;    // per distinct request: GPUs that hold it
    std::vector<std::uint32_t> tooSmall;  // per distinct request: free share of the others
  };
  static void count(std::span<const std::uint32_t> gpuFree, const TargetWorkload& workload, GpuCounts& out);
  // One GPU's free share went from `before` to `after`.
  static void recount(GpuCounts& counts, std::uint32_t before, std::uint32_t after, const TargetWorkload& workload);
  static double ofCounts(std::uint32_t cpuFree, const GpuCounts& counts, const TargetWorkload& workload,
                         std::span<const std::uint8_t> accessible);
};

}  // namespace hetsched::frag
