#include "fgd_policy.h"

#include "fragmentation.h"
#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"
#include "target_workload.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace hetsched::frag {

void FgdPolicy::attach(const std::vector<GpuNode>& nodes) {
  PlacementPolicy::attach(nodes);
  std::map<std::string, std::vector<std::uint8_t>> byModel;
  m_accessible.clear();
  for (const GpuNode& n : nodes) {
    auto [it, inserted] = byModel.try_emplace(n.model());
    if (inserted) it->second = m_workload.accessibleOn(n.model());
    m_accessible.push_back(it->second);
  }
  m_current.assign(nodes.size(), Current{});
}

const FgdPolicy::Current& FgdPolicy::current(std::size_t index) {
  const GpuNode& n = node(index);
  Current& c = m_current[index];
  if (c.version != n.version()) {
    Fragmentation::count(n.gpuFree(), m_workload, c.counts);
    c.frag = Fragmentation::ofCounts(n.cpuFree(), c.counts, m_workload, m_accessible[index]);
    c.version = n.version();
  }
  return c;
}

double FgdPolicy::fragmentationAfter(std::size_t index, const Current& now, std::uint32_t cpuAfter,
                                     const PodRequest& pod, std::span<const std::uint32_t> gpus) {
  const auto free = node(index).gpuFree();
  m_after.total = now.counts.total;
  m_after.enough.assign(now.counts.enough.begin(), now.counts.enough.end());
  m_after.tooSmall.assign(now.counts.tooSmall.begin(), now.counts.tooSmall.end());
  for (const std::uint32_t g : gpus) Fragmentation::recount(m_after, free[g], free[g] - pod.gpuMilli, m_workload);
  return Fragmentation::ofCounts(cpuAfter, m_after, m_workload, m_accessible[index]);
}

namespace {

// The authors' simulator scores sigmoid(decrease in GPUs) x 100, truncated
// to an integer; nodes within a few dozen milli-GPU of each other tie and
// the tie goes by name. The reproduction depends on keeping that rounding.
double integerScore(double before, double after) {
  const double sigmoid = 1.0 / (1.0 + std::exp(-(before - after) / 1000.0));
  return static_cast<double>(static_cast<std::int64_t>(sigmoid * 100.0));
}

}  // namespace

NodeScore FgdPolicy::score(std::size_t index, const PodRequest& pod) {
  const GpuNode& n = node(index);
  const Current& now = current(index);
  const std::uint32_t cpuAfter = n.cpuFree() - pod.cpuMilli;
  const auto free = n.gpuFree();
  if (pod.isGpuShare()) {
    // Try each GPU that can hold the share; GPUs with equal free share give
    // the same outcome, so only the first of each is evaluated.
    NodeScore best{0.0, -1};
    for (std::uint32_t g = 0; g < free.size(); ++g) {
      if (free[g] < pod.gpuMilli) continue;
      bool seen = false;
      for (std::size_t h = 0; h < g && !seen; ++h) seen = free[h] == free[g];
      if (seen) continue;
      const std::array<std::uint32_t, 1> gpu{g};
      const double score = integerScore(now.frag, fragmentationAfter(index, now, cpuAfter, pod, gpu));
      if (best.shareGpu < 0 || score > best.score) best = {score, static_cast<int>(g)};
    }
    return best;
  }
  return {integerScore(now.frag, fragmentationAfter(index, now, cpuAfter, pod, n.gpusFor(pod, -1))), -1};
}

}  // namespace hetsched::frag
