#include "frag_scorer.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/placement_scorer.h"
#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"
#include "policy_factory.h"
#include "policy_kind.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

FragScorer::FragScorer(const Topology& topology, frag::PolicyKind kind,
                       std::shared_ptr<const frag::TargetWorkload> workload, std::uint64_t seed)
    : m_topology(topology), m_kind(kind), m_workload(std::move(workload)), m_rng(seed) {
  m_nodes.reserve(topology.nodes.size());
  for (std::uint32_t m = 0; m < topology.models.size(); ++m) {
    std::uint32_t first = 0;
    while (topology.models[first].name != topology.models[m].name) ++first;
    m_modelName.push_back(first);
  }
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    const NodeInfo& info = topology.nodes[n];
    const DeviceRange devices = primaryDevices(topology, n);
    const bool gpu = info.kind == DeviceKind::Gpu;
    // On CPU nodes the sockets are the CPU, which the family does not place.
    const std::uint32_t hostCpu = info.kind == DeviceKind::Cpu ? 0 : info.cpuMilli;
    m_nodes.emplace_back(info.name, gpu && devices.count ? topology.modelOf(devices.first).name : std::string(),
                         hostCpu, info.memoryMib, gpu ? devices.count : 0);
    m_firstGpu.push_back(devices.first);
    m_room.push_back({});
    m_room.back().model = gpu && devices.count ? m_modelName[topology.devices[devices.first].model] : kNoModel;
    refreshRoom(n);
    if (gpu) m_gpuNodes.push_back(n);
  }
  m_policy = frag::makePolicy(m_kind, *m_workload);
  m_policy->attach(m_nodes);
}

FragScorer::FragScorer(const FragScorer& o)
    : PlacementScorer(o),
      m_topology(o.m_topology),
      m_kind(o.m_kind),
      m_workload(o.m_workload),
      m_nodes(o.m_nodes),
      m_room(o.m_room),
      m_modelName(o.m_modelName),
      m_gpuNodes(o.m_gpuNodes),
      m_firstGpu(o.m_firstGpu),
      m_policy(frag::makePolicy(o.m_kind, *o.m_workload)),
      m_rng(o.m_rng),
      m_scoreIds(o.m_scoreIds),
      m_scores(o.m_scores) {
  // The policy's own caches (FGD's fragmentation per node) refill on demand.
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
  for (const std::uint32_t d : p.devices) gpus.push_back(d - m_firstGpu[p.node]);
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
  refreshRoom(p.node);
}

void FragScorer::onReleased(const Placement& p) {
  if (m_topology.nodes[p.node].kind != DeviceKind::Gpu) return;
  const frag::PodRequest pod = podOf(p, m_scratch);
  m_nodes[p.node].release(pod, m_scratch);
  refreshRoom(p.node);
}

namespace {

// CPU, GPU count and per-GPU share in one word: gpuMilli is at most 1000
// and a node has far fewer than 2^16 GPUs.
std::uint64_t cpuAndGpus(std::uint32_t cpuMilli, const frag::PodRequest& pod) {
  return (std::uint64_t{cpuMilli} << 32) | (std::uint64_t{pod.gpuCount & 0xffffu} << 16) | (pod.gpuMilli & 0xffffu);
}

}  // namespace

void FragScorer::refreshRoom(std::uint32_t node) {
  const frag::GpuNode& n = m_nodes[node];
  Room& room = m_room[node];
  room.memoryMib = n.memoryFree();
  room.cpuMilli = n.cpuFree();
  room.mostGpuMilli = 0;
  room.wholeGpus = 0;
  for (const std::uint32_t free : n.gpuFree()) {
    room.mostGpuMilli = std::max(room.mostGpuMilli, free);
    room.wholeGpus += free >= frag::GpuNode::kMilli ? 1 : 0;
  }
}

std::vector<FragScorer::Scored>& FragScorer::scoresFor(const frag::PodRequest& pod) {
  const std::uint64_t key = cpuAndGpus(m_policy->scoreReadsCpu() ? pod.cpuMilli : 0, pod);
  const auto [it, inserted] = m_scoreIds.try_emplace(key, m_scores.size());
  if (inserted) m_scores.emplace_back(m_nodes.size());
  return m_scores[it->second];
}

// GpuNode::fits, from the node's Room, for the pod being chosen for.
bool FragScorer::fitsOn(std::uint32_t node, const frag::PodRequest& pod) const {
  const Room& room = m_room[node];
  if (pod.cpuMilli > room.cpuMilli || pod.memoryMib > room.memoryMib) return false;
  if (!pod.usesGpu()) return true;
  if (!m_askModels.empty() && std::ranges::find(m_askModels, room.model) == m_askModels.end()) return false;
  // podOf asks for a share of one GPU or for whole GPUs.
  return pod.gpuCount == 1 ? room.mostGpuMilli >= pod.gpuMilli : room.wholeGpus >= pod.gpuCount;
}

const frag::NodeScore& FragScorer::scoreOn(std::vector<Scored>& scores, std::uint32_t node,
                                           const frag::PodRequest& pod) {
  Scored& s = scores[node];
  const frag::GpuNode& n = m_nodes[node];
  if (s.version != n.version()) s = {n.version(), m_policy->score(node, pod)};
  return s.score;
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
  // Allowed models by name, as the family's own filter tells them apart
  // (no policy's score reads them).
  m_askModels.clear();
  for (const std::uint32_t m : request.allowedModels)
    if (m < m_modelName.size()) m_askModels.push_back(m_modelName[m]);
  std::optional<std::uint32_t> chosen;
  int shareGpu = -1;
  if (m_policy->picksRandomNode()) {
    // Drawn among the nodes the family's own check admits; the core's
    // check (node up) is asked about the drawn one only, and a refusal
    // draws again among the rest.
    m_scratch.clear();
    for (const std::uint32_t n : m_gpuNodes)
      if (fitsOn(n, pod)) m_scratch.push_back(n);
    while (!chosen && !m_scratch.empty()) {
      const std::size_t i = m_rng.below(m_scratch.size());
      if (fit.fits(m_scratch[i])) chosen = m_scratch[i];
      else m_scratch.erase(m_scratch.begin() + static_cast<std::ptrdiff_t>(i));
    }
    if (!chosen) return std::nullopt;
    if (pod.isGpuShare()) shareGpu = randomShareGpu(m_nodes[*chosen], pod);
  } else {
    // The best score, the lower index on a tie; the core's fit check (node
    // up, host state) has the last word, so on a refusal the next best is
    // asked, in score order.
    std::vector<Scored>& scores = scoresFor(pod);
    std::optional<std::uint32_t> best;
    double bestScore = 0.0;
    for (const std::uint32_t n : m_gpuNodes) {
      if (!fitsOn(n, pod)) continue;
      const double score = scoreOn(scores, n, pod).score;
      if (!best || score > bestScore) {
        best = n;
        bestScore = score;
      }
    }
    if (!best) return std::nullopt;
    if (fit.fits(*best)) {
      chosen = best;
    } else {
      // Every node the pod fits on was scored just now.
      m_ranked.clear();
      for (const std::uint32_t n : m_gpuNodes)
        if (n != *best && fitsOn(n, pod)) m_ranked.emplace_back(-scores[n].score.score, n);
      std::ranges::sort(m_ranked);
      for (const auto& [negScore, n] : m_ranked) {
        if (!fit.fits(n)) continue;
        chosen = n;
        break;
      }
      if (!chosen) return std::nullopt;
    }
    shareGpu = scores[*chosen].score.shareGpu;
  }
  if (pod.isGpuShare() && shareGpu >= 0) (void)fit.fitsOnDevice(*chosen, static_cast<std::uint32_t>(shareGpu));
  return chosen;
}

}  // namespace hetsched
