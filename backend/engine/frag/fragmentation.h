#pragma once

#include <cstdint>
#include <span>

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
};

}  // namespace hetsched::frag
