#include "fragmentation.h"

#include "gpu_node.h"
#include "target_workload.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched::frag {

double Fragmentation::ofNode(std::uint32_t cpuFree, std::span<const std::uint32_t> gpuFree,
                             const TargetWorkload& workload, std::span<const std::uint8_t> accessible) {
  std::uint32_t total = 0;
  for (const std::uint32_t free : gpuFree) total += free;
  if (total == 0) return 0.0;
  // How many GPUs can hold each distinct per-GPU request, and the free share
  // of the others: integers, the same whichever shape asks.
  const TargetWorkload::Compact& c = workload.compact();
  constexpr std::size_t kStack = 64;
  std::array<std::uint32_t, kStack> enoughStack{}, tooSmallStack{};
  std::vector<std::uint32_t> enoughHeap, tooSmallHeap;
  const std::size_t distinct = c.distinctGpuMilli.size();
  std::uint32_t* enoughOf = enoughStack.data();
  std::uint32_t* tooSmallOf = tooSmallStack.data();
  if (distinct > kStack) {
    enoughHeap.resize(distinct);
    tooSmallHeap.resize(distinct);
    enoughOf = enoughHeap.data();
    tooSmallOf = tooSmallHeap.data();
  }
  for (std::size_t d = 0; d < distinct; ++d) {
    const std::uint32_t milli = c.distinctGpuMilli[d];
    std::uint32_t enough = 0;
    std::uint32_t tooSmall = 0;
    for (const std::uint32_t free : gpuFree) {
      if (free >= milli) ++enough;
      else tooSmall += free;
    }
    enoughOf[d] = enough;
    tooSmallOf[d] = tooSmall;
  }
  // Summed per cause (lack of GPU, lack of CPU, CPU-only task, wrong model,
  // ...) and then across causes, in the authors' order: the sum is then
  // bit-identical to theirs, which matters because FGD's score is truncated
  // to an integer and ties go by name. Each cause's sum takes the shapes in
  // the workload's order, as it always has.
  enum Cause : std::size_t { LackBoth, LackGpu, Satisfied, LackCpu, CpuTaskFits, CpuTaskLacksCpu, NoAccess, kCauses };
  std::array<double, kCauses> amount{};
  const std::size_t shapes = c.weight.size();
  for (std::size_t s = 0; s < shapes; ++s) {
    const double weight = c.weight[s];
    const bool cpuOk = cpuFree >= c.cpuMilli[s];
    const std::uint32_t count = c.gpuCount[s];
    if (count == 0) {
      amount[cpuOk ? CpuTaskFits : CpuTaskLacksCpu] += weight * total;
      continue;
    }
    if (!accessible[s]) {
      amount[NoAccess] += weight * total;
      continue;
    }
    const std::uint32_t enough = enoughOf[c.milliSlot[s]];
    const std::uint32_t tooSmall = tooSmallOf[c.milliSlot[s]];
    if (enough >= count && cpuOk) {
      // Only the GPUs too small for this task are lost to it.
      amount[LackGpu] += weight * tooSmall;
      amount[Satisfied] += weight * (total - tooSmall);
    } else {
      amount[enough >= count ? LackCpu : (cpuOk ? LackGpu : LackBoth)] += weight * total;
    }
  }
  double frag = 0.0;
  for (std::size_t c2 = 0; c2 < kCauses; ++c2) {
    if (c2 != Satisfied) frag += amount[c2];
  }
  return frag;
}

double Fragmentation::ofNode(const GpuNode& node, const TargetWorkload& workload) {
  const auto accessible = workload.accessibleOn(node.model());
  return ofNode(node.cpuFree(), node.gpuFree(), workload, accessible);
}

}  // namespace hetsched::frag
