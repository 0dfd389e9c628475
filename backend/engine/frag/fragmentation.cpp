#include "fragmentation.h"

#include "gpu_node.h"
#include "target_workload.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched::frag {

namespace {

// Whether a GPU with `free` share holds `milli`, and what it adds to the
// counts of that request: one more GPU that holds it, or its share to the
// share of those too small.
void add(std::uint32_t free, std::uint32_t milli, std::uint32_t& enough, std::uint32_t& tooSmall) {
  if (free >= milli) ++enough;
  else tooSmall += free;
}

}  // namespace

double Fragmentation::ofNode(std::uint32_t cpuFree, std::span<const std::uint32_t> gpuFree,
                             const TargetWorkload& workload, std::span<const std::uint8_t> accessible) {
  GpuCounts counts;
  count(gpuFree, workload, counts);
  return ofCounts(cpuFree, counts, workload, accessible);
}

void Fragmentation::count(std::span<const std::uint32_t> gpuFree, const TargetWorkload& workload, GpuCounts& out) {
  const std::vector<std::uint32_t>& distinctMilli = workload.compact().distinctGpuMilli;
  out.total = 0;
  for (const std::uint32_t free : gpuFree) out.total += free;
  out.enough.assign(distinctMilli.size(), 0);
  out.tooSmall.assign(distinctMilli.size(), 0);
  for (std::size_t d = 0; d < distinctMilli.size(); ++d)
    for (const std::uint32_t free : gpuFree) add(free, distinctMilli[d], out.enough[d], out.tooSmall[d]);
}

void Fragmentation::recount(GpuCounts& counts, std::uint32_t before, std::uint32_t after,
                            const TargetWorkload& workload) {
  const std::vector<std::uint32_t>& distinctMilli = workload.compact().distinctGpuMilli;
  counts.total = counts.total - before + after;
  for (std::size_t d = 0; d < distinctMilli.size(); ++d) {
    const std::uint32_t milli = distinctMilli[d];
    if (before >= milli) --counts.enough[d];
    else counts.tooSmall[d] -= before;
    add(after, milli, counts.enough[d], counts.tooSmall[d]);
  }
}

double Fragmentation::ofCounts(std::uint32_t cpuFree, const GpuCounts& counts, const TargetWorkload& workload,
                               std::span<const std::uint8_t> accessible) {
  const std::uint32_t total = counts.total;
  if (total == 0) return 0.0;
  // Summed per cause (lack of GPU, lack of CPU, CPU-only task, wrong model,
  // ...) and then across causes, in the authors' order: the sum is then
  // bit-identical to theirs, which matters because FGD's score is truncated
  // to an integer and ties go by name. Each cause's sum takes the shapes in
  // the workload's order, as it always has. (The authors also sum the share
  // a satisfied task can use, and leave it out of the total: not summed.)
  enum Cause : std::uint8_t { LackBoth, LackGpu, LackCpu, CpuTaskFits, CpuTaskLacksCpu, NoAccess, kCauses };
  // The cause by (CPU-only task, node's model accessible, enough GPUs, enough
  // CPU): a table rather than branches, which the shapes take unpredictably.
  // A task that fits loses only the GPUs too small for it (index 7).
  static constexpr std::array<Cause, 16> kCauseOf{NoAccess,        NoAccess,    NoAccess,        NoAccess,
                                                  LackBoth,        LackGpu,     LackCpu,         LackGpu,
                                                  CpuTaskLacksCpu, CpuTaskFits, CpuTaskLacksCpu, CpuTaskFits,
                                                  CpuTaskLacksCpu, CpuTaskFits, CpuTaskLacksCpu, CpuTaskFits};
  constexpr unsigned kFits = 7;
  const TargetWorkload::Compact& c = workload.compact();
  std::array<double, kCauses> amount{};
  const std::size_t shapes = c.weight.size();
  for (std::size_t s = 0; s < shapes; ++s) {
    const std::uint32_t gpus = c.gpuCount[s];
    const unsigned cls = (gpus == 0 ? 8u : 0u) | (accessible[s] != 0 ? 4u : 0u) |
                         (counts.enough[c.milliSlot[s]] >= gpus ? 2u : 0u) | (cpuFree >= c.cpuMilli[s] ? 1u : 0u);
    const std::uint32_t lost = cls == kFits ? counts.tooSmall[c.milliSlot[s]] : total;
    amount[kCauseOf[cls]] += c.weight[s] * lost;
  }
  // The causes in the authors' order (LackBoth, LackGpu, then the rest).
  double frag = 0.0;
  for (std::size_t c2 = 0; c2 < kCauses; ++c2) frag += amount[c2];
  return frag;
}

double Fragmentation::ofNode(const GpuNode& node, const TargetWorkload& workload) {
  const auto accessible = workload.accessibleOn(node.model());
  return ofNode(node.cpuFree(), node.gpuFree(), workload, accessible);
}

}  // namespace hetsched::frag
