#include "fgd_policy.h"

#include "fragmentation.h"
#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"
#include "target_workload.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
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
  m_fragVersion.assign(nodes.size(), 0);
  m_frag.assign(nodes.size(), 0.0);
}

double FgdPolicy::currentFragmentation(std::size_t index) {
  const GpuNode& n = node(index);
  if (m_fragVersion[index] != n.version()) {
    m_frag[index] = Fragmentation::ofNode(n.cpuFree(), n.gpuFree(), m_workload, m_accessible[index]);
    m_fragVersion[index] = n.version();
  }
  return m_frag[index];
}

double FgdPolicy::fragmentationAfter(std::size_t index, std::uint32_t cpuFree,
                                     const std::vector<std::uint32_t>& gpuFree) const {
  return Fragmentation::ofNode(cpuFree, gpuFree, m_workload, m_accessible[index]);
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
  const double before = currentFragmentation(index);
  const std::uint32_t cpuAfter = n.cpuFree() - pod.cpuMilli;
  const auto free = n.gpuFree();
  m_scratch.assign(free.begin(), free.end());
  if (pod.isGpuShare()) {
    // Try each GPU that can hold the share; GPUs with equal free share give
    // the same outcome, so only the first of each is evaluated.
    NodeScore best{0.0, -1};
    for (std::size_t g = 0; g < free.size(); ++g) {
      if (free[g] < pod.gpuMilli) continue;
      bool seen = false;
      for (std::size_t h = 0; h < g && !seen; ++h) seen = free[h] == free[g];
      if (seen) continue;
      m_scratch[g] -= pod.gpuMilli;
      const double score = integerScore(before, fragmentationAfter(index, cpuAfter, m_scratch));
      m_scratch[g] += pod.gpuMilli;
      if (best.shareGpu < 0 || score > best.score) best = {score, static_cast<int>(g)};
    }
    return best;
  }
  for (const std::uint32_t g : n.gpusFor(pod, -1)) m_scratch[g] -= pod.gpuMilli;
  return {integerScore(before, fragmentationAfter(index, cpuAfter, m_scratch)), -1};
}

}  // namespace hetsched::frag
