#include "gpu_share_scheduler.h"

#include "frag/pod_request.h"

#include <algorithm>

namespace hetsched::frag {

GpuShareScheduler::GpuShareScheduler(std::vector<GpuNode> nodes, std::unique_ptr<PlacementPolicy> policy,
                                     std::uint64_t seed)
    : m_nodes(std::move(nodes)), m_policy(std::move(policy)), m_rng(seed) {
  // Index order is name order, so the first best score found is the tie-break winner.
  std::ranges::stable_sort(m_nodes, [](const GpuNode& a, const GpuNode& b) { return a.name() < b.name(); });
  for (const GpuNode& n : m_nodes) m_capacityMilli += std::uint64_t{n.gpuCount()} * GpuNode::kMilli;
  m_policy->attach(m_nodes);
}

std::vector<GpuShareScheduler::Entry>& GpuShareScheduler::entriesFor(const PodRequest& pod) {
  std::string key = std::to_string(pod.cpuMilli) + '/' + std::to_string(pod.memoryMib) + '/' +
                    std::to_string(pod.gpuCount) + '/' + std::to_string(pod.gpuMilli);
  for (const std::string& m : pod.gpuModels) key += '/' + m;
  const auto [it, inserted] = m_shapeIds.try_emplace(std::move(key), m_cache.size());
  if (inserted) m_cache.emplace_back(m_nodes.size());
  return m_cache[it->second];
}

const GpuShareScheduler::Entry& GpuShareScheduler::entry(std::vector<Entry>& entries, std::size_t node,
                                                         const PodRequest& pod) {
  Entry& e = entries[node];
  const GpuNode& n = m_nodes[node];
  if (e.version != n.version()) {
    e.version = n.version();
    e.fits = n.fits(pod);
    if (e.fits && !m_policy->picksRandomNode()) e.score = m_policy->score(node, pod);
  }
  return e;
}

int GpuShareScheduler::randomShareGpu(const GpuNode& node, const PodRequest& pod) {
  std::vector<int> candidates;
  const auto free = node.gpuFree();
  for (std::size_t g = 0; g < free.size(); ++g) {
    if (free[g] >= pod.gpuMilli) candidates.push_back(static_cast<int>(g));
  }
  return candidates.empty() ? -1 : candidates[m_rng.below(candidates.size())];
}

std::optional<Placement> GpuShareScheduler::place(const PodRequest& pod) {
  std::vector<Entry>& entries = entriesFor(pod);
  std::optional<std::size_t> chosen;
  int shareGpu = -1;
  if (m_policy->picksRandomNode()) {
    m_feasible.clear();
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
      if (entry(entries, i, pod).fits) m_feasible.push_back(i);
    }
    if (!m_feasible.empty()) {
      chosen = m_feasible[m_rng.below(m_feasible.size())];
      if (pod.isGpuShare()) shareGpu = randomShareGpu(m_nodes[*chosen], pod);
    }
  } else {
    double best = 0.0;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
      const Entry& e = entry(entries, i, pod);
      if (e.fits && (!chosen || e.score.score > best)) {
        chosen = i;
        best = e.score.score;
        shareGpu = e.score.shareGpu;
      }
    }
  }
  if (!chosen) return std::nullopt;
  GpuNode& node = m_nodes[*chosen];
  Placement placement{*chosen, node.gpusFor(pod, shareGpu)};
  node.allocate(pod, placement.gpus);
  m_allocatedMilli += pod.totalGpuMilli();
  return placement;
}

}  // namespace hetsched::frag
