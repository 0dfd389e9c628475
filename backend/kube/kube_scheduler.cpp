#include "kube_scheduler.h"

#include "kube_convert.h"
#include "kube_store.h"
#include "sched/capacity_state.h"
#include "sched/placer.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace hetsched {

KubeScheduler::KubeScheduler(std::string name) : m_name(std::move(name)) {}

void KubeScheduler::setPolicies(KubePolicy active, std::optional<KubePolicy> candidate,
                                std::uint32_t canaryPercent) {
  std::lock_guard lock(m_policyMutex);
  m_active = std::move(active);
  m_candidate = std::move(candidate);
  m_canaryPercent = std::min<std::uint32_t>(canaryPercent, 100);
}

bool KubeScheduler::inCanary(const std::string& uid, std::uint32_t canaryPercent) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a
  for (const unsigned char c : uid) hash = (hash ^ c) * 1099511628211ull;
  return hash % 100 < canaryPercent;
}

std::string bindingBody(const KubePod& pod, const std::string& node) {
  const nlohmann::json body = {
      {"apiVersion", "v1"},
      {"kind", "Binding"},
      {"metadata", {{"name", pod.name}, {"namespace", pod.namespaceName}, {"uid", pod.uid}}},
      {"target", {{"apiVersion", "v1"}, {"kind", "Node"}, {"name", node}}}};
  return body.dump();
}

std::vector<KubeBinding> KubeScheduler::schedule(const KubeStore& snapshot, const Bind& bind) {
  KubePolicy active;
  std::optional<KubePolicy> candidate;
  std::uint32_t canaryPercent = 0;
  {
    std::lock_guard lock(m_policyMutex);
    active = m_active;
    candidate = m_candidate;
    canaryPercent = m_canaryPercent;
  }
  const Topology topology = topologyOf(snapshot.nodes);
  std::map<std::string, std::uint32_t> nodeIndex;
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) nodeIndex.emplace(topology.nodes[n].name, n);
  const Placer placer(topology, active.routing, active.weights);
  const std::optional<Placer> canaryPlacer =
      candidate ? std::optional<Placer>(std::in_place, topology, candidate->routing, candidate->weights)
                : std::nullopt;
  CapacityState state(topology);
  for (const auto& [name, node] : snapshot.nodes) {
    if (!node.ready || node.unschedulable) state.setUp(nodeIndex.at(name), false);
  }

  // Capacity the bound pods hold, ours from earlier rounds included.
  std::vector<const KubePod*> pending;
  for (const auto& [key, pod] : snapshot.pods) {
    std::string node = pod.nodeName;
    if (const auto it = m_boundByUs.find(pod.uid); it != m_boundByUs.end()) {
      if (!pod.nodeName.empty()) m_boundByUs.erase(it);  // the watch caught up
      else node = it->second;
    }
    if (node.empty()) {
      if (pod.schedulerName == m_name && pod.phase == "Pending" && !pod.terminating) pending.push_back(&pod);
      continue;
    }
    if (pod.phase == "Succeeded" || pod.phase == "Failed") continue;
    const auto n = nodeIndex.find(node);
    if (n == nodeIndex.end()) continue;
    // Over-committed nodes (pods placed by others past our rounding) keep
    // what fits; the rest is not counted twice.
    if (auto p = placer.fitOnNode(state, jobSpecOf(pod), n->second)) state.allocate(*p);
  }
  // Forget binds of pods that are gone.
  std::erase_if(m_boundByUs, [&](const auto& entry) {
    return std::none_of(snapshot.pods.begin(), snapshot.pods.end(),
                        [&](const auto& p) { return p.second.uid == entry.first; });
  });

  // Higher classes first, then the oldest: the seed's priority queue.
  std::ranges::sort(pending, [](const KubePod* a, const KubePod* b) {
    const auto pa = jobSpecOf(*a).priority;
    const auto pb = jobSpecOf(*b).priority;
    if (pa != pb) return pa < pb;
    if (a->creationTimestamp != b->creationTimestamp) return a->creationTimestamp < b->creationTimestamp;
    return a->key() < b->key();
  });

  std::vector<KubeBinding> decisions;
  for (const KubePod* pod : pending) {
    const JobSpec spec = jobSpecOf(*pod);
    KubeBinding decision;
    decision.pod = pod->key();
    decision.canary = canaryPlacer && inCanary(pod->uid, canaryPercent);
    const Placer& chosen = decision.canary ? *canaryPlacer : placer;
    const RoutingTable& routing = decision.canary ? candidate->routing : active.routing;
    decision.kind = routing.route(spec.kind);
    const DeviceKind needed = neededKind(pod->requests);
    if (needed != DeviceKind::Cpu && needed != decision.kind) {
      // A label routing an accelerator pod elsewhere would put it on a node
      // without the devices it requests; the kubelet would reject it.
      decision.reason = "requests " + std::string(toString(needed)) + " devices but its kind routes to " +
                        std::string(toString(decision.kind));
      decisions.push_back(std::move(decision));
      continue;
    }
    const auto placement = chosen.place(state, spec);
    if (!placement) {
      decision.reason = chosen.canEverFit(spec) ? "no " + std::string(toString(decision.kind)) + " node has room now"
                                                : "no " + std::string(toString(decision.kind)) + " node is large enough";
      decisions.push_back(std::move(decision));
      continue;
    }
    decision.node = topology.nodes[placement->node].name;
    decision.error = bind(*pod, decision.node);
    if (!decision.error) {
      state.allocate(*placement);
      m_boundByUs[pod->uid] = decision.node;
    }
    decisions.push_back(std::move(decision));
  }
  return decisions;
}

}  // namespace hetsched
