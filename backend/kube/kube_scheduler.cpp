#include "kube_scheduler.h"

#include "kube_convert.h"
#include "kube_store.h"
#include "sched/capacity_state.h"
#include "sched/placer.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace hetsched {

KubeScheduler::KubeScheduler(std::string name) : m_name(std::move(name)) {}

void KubeScheduler::setPolicy(RoutingTable routing, NodeScoreWeights weights) {
  std::lock_guard lock(m_policyMutex);
  m_routing = routing;
  m_weights = weights;
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
  RoutingTable routing;
  NodeScoreWeights weights;
  {
    std::lock_guard lock(m_policyMutex);
    routing = m_routing;
    weights = m_weights;
  }
  const Topology topology = topologyOf(snapshot.nodes);
  std::map<std::string, std::uint32_t> nodeIndex;
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) nodeIndex.emplace(topology.nodes[n].name, n);
  const Placer placer(topology, routing, weights);
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
    const auto placement = placer.place(state, spec);
    if (!placement) {
      decision.reason = placer.canEverFit(spec) ? "no " + std::string(toString(decision.kind)) + " node has room now"
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
