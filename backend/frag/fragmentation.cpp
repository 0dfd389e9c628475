#include "fragmentation.h"

#include "frag/gpu_node.h"
#include "frag/target_workload.h"

#include <array>

namespace hetsched::frag {

double Fragmentation::ofNode(std::uint32_t cpuFree, std::span<const std::uint32_t> gpuFree,
                             const TargetWorkload& workload, std::span<const std::uint8_t> accessible) {
  std::uint32_t total = 0;
  for (const std::uint32_t free : gpuFree) total += free;
  if (total == 0) return 0.0;
  // Summed per cause (lack of GPU, lack of CPU, CPU-only task, wrong model,
  // ...) and then across causes, in the authors' order: the sum is then
  // bit-identical to theirs, which matters because FGD's score is truncated
  // to an integer and ties go by name.
  enum Cause : std::size_t { LackBoth, LackGpu, Satisfied, LackCpu, CpuTaskFits, CpuTaskLacksCpu, NoAccess, kCauses };
  std::array<double, kCauses> amount{};
  const auto& shapes = workload.shapes();
  for (std::size_t s = 0; s < shapes.size(); ++s) {
    const TaskShape& shape = shapes[s];
    const bool cpuOk = cpuFree >= shape.cpuMilli;
    if (shape.gpuMilli == 0 || shape.gpuCount == 0) {
      amount[cpuOk ? CpuTaskFits : CpuTaskLacksCpu] += shape.weight * total;
      continue;
    }
    if (!accessible[s]) {
      amount[NoAccess] += shape.weight * total;
      continue;
    }
    std::uint32_t enough = 0;
    std::uint32_t tooSmall = 0;
    for (const std::uint32_t free : gpuFree) {
      if (free >= shape.gpuMilli) ++enough;
      else tooSmall += free;
    }
    if (enough >= shape.gpuCount && cpuOk) {
      // Only the GPUs too small for this task are lost to it.
      amount[LackGpu] += shape.weight * tooSmall;
      amount[Satisfied] += shape.weight * (total - tooSmall);
    } else {
      amount[enough >= shape.gpuCount ? LackCpu : (cpuOk ? LackGpu : LackBoth)] += shape.weight * total;
    }
  }
  double frag = 0.0;
  for (std::size_t c = 0; c < kCauses; ++c) {
    if (c != Satisfied) frag += amount[c];
  }
  return frag;
}

double Fragmentation::ofNode(const GpuNode& node, const TargetWorkload& workload) {
  const auto accessible = workload.accessibleOn(node.model());
  return ofNode(node.cpuFree(), node.gpuFree(), workload, accessible);
}

}  // namespace hetsched::frag
