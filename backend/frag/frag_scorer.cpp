#include "frag_scorer.h"

#include <algorithm>

namespace hetsched {

FragScorer::FragScorer(const Topology& topology, const CapacityState& state,
                       std::unique_ptr<frag::PlacementPolicy> policy, std::uint64_t seed,
                       std::shared_ptr<const frag::TargetWorkload> workload)
    : m_topology(topology), m_workload(std::move(workload)), m_policy(std::move(policy)), m_rng(seed) {
  m_nodes.reserve(topology.nodes.size());
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    const NodeInfo& info = topology.nodes[n];
    const bool gpu = info.kind == DeviceKind::Gpu && info.deviceCount > 0;
    // Models are left out: the simulator's own fit check applies a job's
    // allowed models, and it is asked before a node is chosen.
    m_nodes.emplace_back(info.name, std::string(), state.hostFreeCpu(n), state.freeMemory(n),
                         gpu ? info.deviceCount : 0);
    if (gpu) m_gpuNodes.push_back(n);
  }
  m_policy->attach(m_nodes);
}

frag::PodRequest FragScorer::podOf(const JobRequests& r) {
  frag::PodRequest pod;
  pod.cpuMilli = r.cpuMilli;
  pod.memoryMib = r.memoryMib;
  if (r.gpuCount > 0) {
    pod.gpuCount = r.gpuCount;
    pod.gpuMilli = frag::GpuNode::kMilli;
  } else if (r.gpuMilli > 0) {
    pod.gpuCount = 1;
    pod.gpuMilli = std::min(r.gpuMilli, frag::GpuNode::kMilli);
  }
  return pod;
}

frag::PodRequest FragScorer::podOf(const Placement& p, std::vector<std::uint32_t>& gpus) const {
  frag::PodRequest pod;
  pod.cpuMilli = p.hostCpuMilli;
  pod.memoryMib = p.memoryMib;
  gpus.clear();
  const NodeInfo& info = m_topology.nodes[p.node];
  for (const std::uint32_t d : p.devices) gpus.push_back(d - info.firstDevice);
  if (!gpus.empty()) {
    pod.gpuCount = static_cast<std::uint32_t>(gpus.size());
    pod.gpuMilli = gpus.size() == 1 ? std::min(p.milli.front(), frag::GpuNode::kMilli) : frag::GpuNode::kMilli;
  }
  return pod;
}

void FragScorer::onAllocated(const Placement& p) {
  if (m_topology.nodes[p.node].kind != DeviceKind::Gpu) return;
  const frag::PodRequest pod = podOf(p, m_scratch);
  m_nodes[p.node].allocate(pod, m_scratch);
}

void FragScorer::onReleased(const Placement& p) {
  if (m_topology.nodes[p.node].kind != DeviceKind::Gpu) return;
  const frag::PodRequest pod = podOf(p, m_scratch);
  m_nodes[p.node].release(pod, m_scratch);
}

std::vector<FragScorer::Entry>& FragScorer::entriesFor(const frag::PodRequest& pod) {
  std::string key = std::to_string(pod.cpuMilli) + '/' + std::to_string(pod.memoryMib) + '/' +
                    std::to_string(pod.gpuCount) + '/' + std::to_string(pod.gpuMilli);
  const auto [it, inserted] = m_shapeIds.try_emplace(std::move(key), m_cache.size());
  if (inserted) m_cache.emplace_back(m_nodes.size());
  return m_cache[it->second];
}

const FragScorer::Entry& FragScorer::entry(std::vector<Entry>& entries, std::uint32_t node,
                                           const frag::PodRequest& pod) {
  Entry& e = entries[node];
  const frag::GpuNode& n = m_nodes[node];
  if (e.version != n.version()) {
    e.version = n.version();
    e.fits = n.fits(pod);
    if (e.fits && !m_policy->picksRandomNode()) e.score = m_policy->score(node, pod);
  }
  return e;
}

int FragScorer::randomShareGpu(const frag::GpuNode& node, const frag::PodRequest& pod) {
  std::vector<int> candidates;
  const auto free = node.gpuFree();
  for (std::size_t g = 0; g < free.size(); ++g)
    if (free[g] >= pod.gpuMilli) candidates.push_back(static_cast<int>(g));
  return candidates.empty() ? -1 : candidates[m_rng.below(candidates.size())];
}

std::optional<std::uint32_t> FragScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                                FitOracle& fit) {
  if (request.kind != DeviceKind::Gpu) return m_fallback.choose(context, request, fit);
  const frag::PodRequest pod = podOf(request.spec.requests);
  std::vector<Entry>& entries = entriesFor(pod);
  std::optional<std::uint32_t> chosen;
  int shareGpu = -1;
  if (m_policy->picksRandomNode()) {
    m_scratch.clear();
    for (const std::uint32_t n : m_gpuNodes)
      if (entry(entries, n, pod).fits && fit.fits(n)) m_scratch.push_back(n);
    if (m_scratch.empty()) return std::nullopt;
    chosen = m_scratch[m_rng.below(m_scratch.size())];
    if (pod.isGpuShare()) shareGpu = randomShareGpu(m_nodes[*chosen], pod);
  } else {
    // Best score first, the lower index on a tie (the node order is the
    // cluster file's); the simulator's fit check, which also knows allowed
    // models, has the last word.
    m_ranked.clear();
    for (const std::uint32_t n : m_gpuNodes) {
      const Entry& e = entry(entries, n, pod);
      if (e.fits) m_ranked.emplace_back(-e.score.score, n);
    }
    std::ranges::sort(m_ranked);
    for (const auto& [negScore, n] : m_ranked) {
      if (!fit.fits(n)) continue;
      chosen = n;
      shareGpu = entries[n].score.shareGpu;
      break;
    }
    if (!chosen) return std::nullopt;
  }
  if (pod.isGpuShare() && shareGpu >= 0) (void)fit.fitsOnDevice(*chosen, static_cast<std::uint32_t>(shareGpu));
  return chosen;
}

}  // namespace hetsched
