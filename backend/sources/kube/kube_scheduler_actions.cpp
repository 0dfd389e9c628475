#include "base/model/device_kind.h"
#include "engine/core/capacity_state.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "kube_error.h"
#include "kube_objects.h"
#include "kube_scheduler.h"
#include "kube_store.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

// The core's decisions carried out through the API server: bindings,
// evictions for preemption, and migration as eviction plus a reservation
// for the pod the evicted one's controller makes next.
namespace hetsched {

std::string bindingBody(const KubePod& pod, const std::string& node, const KubeScheduler::Annotations& annotations) {
  nlohmann::json meta = {{"name", pod.name}, {"namespace", pod.namespaceName}, {"uid", pod.uid}};
  if (!annotations.empty()) meta["annotations"] = annotations;
  const nlohmann::json body = {{"apiVersion", "v1"},
                               {"kind", "Binding"},
                               {"metadata", meta},
                               {"target", {{"apiVersion", "v1"}, {"kind", "Node"}, {"name", node}}}};
  return body.dump();
}

std::string evictionBody(const KubePod& pod) {
  const nlohmann::json body = {{"apiVersion", "policy/v1"},
                               {"kind", "Eviction"},
                               {"metadata", {{"name", pod.name}, {"namespace", pod.namespaceName}}}};
  return body.dump();
}

KubeScheduler::Annotations KubeScheduler::annotationsFor(const KubePod& pod, const Placement& p, double nowS) const {
  Annotations out;
  if (m_topology.nodes[p.node].kind != DeviceKind::Gpu || p.devices.empty()) return out;
  const std::uint32_t first = m_core->capacity().primary(p.node).first;
  std::string index;
  for (const std::uint32_t d : p.devices) index += (index.empty() ? "" : "-") + std::to_string(d - first);
  const KubeResources& r = pod.requests;
  if (r.openGpuCount > 0) out[kOpenGpuIndex] = index;
  if (r.gpuMemGiB > 0) {
    // What the gpushare scheduler extender writes at binding; the device
    // plugin reads them when the pod starts.
    out[kGpuMemIndexAnnotation] = index;
    out["ALIYUN_COM_GPU_MEM_POD"] = std::to_string(r.gpuMemGiB);
    out["ALIYUN_COM_GPU_MEM_DEV"] = std::to_string(static_cast<std::uint64_t>(std::floor(m_sharing.gpuMemGiB)));
    out["ALIYUN_COM_GPU_MEM_ASSIGNED"] = "false";
    out["ALIYUN_COM_GPU_MEM_ASSUME_TIME"] = std::to_string(static_cast<std::uint64_t>(nowS * 1e9));
  }
  return out;
}

void KubeScheduler::act(const KubeStore& snapshot, const Api& api, double nowS, std::vector<KubeBinding>& out) {
  std::map<std::string, const KubePod*> byKey;
  for (const auto& [key, pod] : snapshot.pods) byKey.emplace(key, &pod);
  const auto podOf = [&](const Tracked& t) -> const KubePod* {
    const auto it = byKey.find(t.podKey);
    return it == byKey.end() ? nullptr : it->second;
  };
  const auto canary = [&](const Tracked& t) {
    return m_core->armCount() > 1 && canaryBucket(t.job.id) < m_core->canaryPercent();
  };
  const std::vector<JobSlot> bound = std::exchange(m_bound, {});
  const std::vector<Preemption> preempted = std::exchange(m_preempted, {});
  const std::vector<Move> moved = std::exchange(m_moved, {});
  const std::vector<JobSlot> lost = std::exchange(m_lost, {});
  std::set<JobSlot> nominated;

  // Preemption: the victim is evicted; the preemptor waits, nominated to its
  // node, until the victim is gone (the kubelet would refuse it before).
  for (const Preemption& p : preempted) {
    const std::string victimKey = keyOf(p.victim);
    const std::string byKey2 = keyOf(p.by);
    auto v = m_tracked.find(victimKey);
    auto b = m_tracked.find(byKey2);
    if (v == m_tracked.end() || b == m_tracked.end()) continue;
    const KubePod* victim = podOf(v->second);
    KubeBinding e;
    e.action = KubeBinding::Action::Evict;
    e.pod = v->second.podKey;
    e.node = v->second.node;
    e.kind = m_core->kindOf(p.by);
    e.forPod = b->second.podKey;
    e.canary = canary(b->second);
    e.error = victim ? api.evict(*victim) : std::optional<KubeError>(KubeError{404, "victim is gone"});
    if (!e.error) {
      m_evicting.insert(victimKey);
      b->second.state = State::Nominated;
      b->second.waitFor.push_back(victimKey);
      nominated.insert(p.by);
    } else {
      // The victim stays where it is: the preemptor gives its room back and
      // queues again next round.
      leave(byKey2, nowS);
    }
    leave(victimKey, nowS);  // it waits in the core's queue now; the pod is going (or stays bound, counted afresh)
    out.push_back(std::move(e));
  }

  // Migration: the pod is evicted and its place on the target reserved for
  // the next pod its controller makes.
  for (const Move& m : moved) {
    const std::string key = keyOf(m.job);
    auto it = m_tracked.find(key);
    if (it == m_tracked.end()) continue;
    const KubePod* pod = podOf(it->second);
    KubeBinding e;
    e.action = KubeBinding::Action::Evict;
    e.pod = it->second.podKey;
    e.node = m_topology.nodes[m.to].name;
    e.kind = m_core->kindOf(m.job);
    e.canary = canary(it->second);
    e.error = pod && !pod->controllerUid.empty() ? api.evict(*pod)
                                                 : std::optional<KubeError>(KubeError{409, "no controller"});
    if (!e.error) {
      m_evicting.insert(key);
      // Re-keyed in place: the core holds the address of the entry's job.
      const std::string owner = "owner:" + pod->controllerUid;
      leave(owner, nowS);
      auto entry = m_tracked.extract(it);
      entry.key() = owner;
      Tracked& reservation = entry.mapped();
      reservation.state = State::Reserved;
      reservation.node = e.node;
      reservation.rounds = 0;
      m_slotKey[reservation.slot] = owner;
      m_tracked.insert(std::move(entry));
    } else {
      leave(key, nowS);  // still on its old node: counted there again next round
    }
    out.push_back(std::move(e));
  }

  // A node went down under a bound pod: what happens to it is the node
  // lifecycle controller's business; its replacement will come pending.
  for (const JobSlot slot : lost) {
    const std::string key = keyOf(slot);
    if (auto it = m_tracked.find(key); it != m_tracked.end()) {
      m_core->withdraw(slot);
      it->second.state = State::Uncounted;
    }
  }

  // Bindings, in service order (higher classes first, then the oldest).
  std::vector<std::pair<Tracked*, const KubePod*>> binds;
  for (const JobSlot slot : bound) {
    if (nominated.contains(slot)) continue;
    auto it = m_tracked.find(keyOf(slot));
    if (it == m_tracked.end() || !it->second.ours || it->second.state != State::Waiting) continue;
    if (!m_core->isRunning(slot)) continue;
    if (const KubePod* pod = podOf(it->second)) binds.emplace_back(&it->second, pod);
  }
  std::ranges::sort(binds, [](const auto& a, const auto& b) {
    return std::tuple(a.first->job.spec.priority, a.second->creationTimestamp, a.second->key()) <
           std::tuple(b.first->job.spec.priority, b.second->creationTimestamp, b.second->key());
  });
  std::vector<std::string> failed;
  for (auto& [t, pod] : binds) {
    const Placement& p = m_core->placementOf(t->slot);
    KubeBinding b;
    b.pod = pod->key();
    b.node = m_topology.nodes[p.node].name;
    b.kind = m_topology.nodes[p.node].kind;
    b.canary = canary(*t);
    b.error = api.bind(*pod, b.node, annotationsFor(*pod, p, nowS));
    if (b.error) {
      failed.push_back(m_slotKey[t->slot]);
    } else {
      t->state = State::Running;
      t->node = b.node;
    }
    out.push_back(std::move(b));
  }
  // A refused binding gives the room back; the pod queues again next round.
  for (const std::string& key : failed) leave(key, nowS);
}

void KubeScheduler::bindNominated(const KubeStore& snapshot, const Api& api, std::vector<KubeBinding>& out) {
  std::set<std::string> present;
  for (const auto& [key, pod] : snapshot.pods) present.insert(pod.uid.empty() ? key : pod.uid);
  for (auto& [key, t] : m_tracked) {
    if (t.state != State::Nominated) continue;
    const bool waiting = std::ranges::any_of(t.waitFor, [&](const std::string& v) { return present.contains(v); });
    const Placement& p = m_core->placementOf(t.slot);
    KubeBinding b;
    b.pod = t.podKey;
    b.node = m_topology.nodes[p.node].name;
    b.kind = m_topology.nodes[p.node].kind;
    b.canary = m_core->armCount() > 1 && canaryBucket(t.job.id) < m_core->canaryPercent();
    if (waiting) {
      b.action = KubeBinding::Action::Wait;
      b.reason = "nominated; waiting for the pods evicted for it to leave";
      out.push_back(std::move(b));
      continue;
    }
    const auto pod = snapshot.pods.find(t.podKey);
    if (pod == snapshot.pods.end()) continue;
    b.error = api.bind(pod->second, b.node, annotationsFor(pod->second, p, m_lastNowS));
    if (!b.error) {
      t.state = State::Running;
      t.node = b.node;
      t.waitFor.clear();
    }
    out.push_back(std::move(b));
  }
}

}  // namespace hetsched
