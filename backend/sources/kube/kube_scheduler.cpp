#include "kube_scheduler.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/scorer_catalog.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "engine/sched/job_validation.h"
#include "kube_convert.h"
#include "kube_error.h"
#include "kube_objects.h"
#include "kube_store.h"
#include "sources/cluster/live_policies.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// A round: bring the core up to date with the API server's state, let it
// decide, then carry the decisions out (kube_scheduler_actions.cpp).
namespace hetsched {

namespace {

// FGD measures fragmentation against the GPU shapes the cluster runs.
std::shared_ptr<const frag::TargetWorkload> targetOf(const KubeStore& store, const GpuSharing& sharing) {
  std::vector<JobRequests> requests;
  for (const auto& [key, pod] : store.pods)
    if (neededKind(pod.requests) == DeviceKind::Gpu) requests.push_back(jobSpecOf(pod, sharing).requests);
  return std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests));
}

// What the core was built from: a change rebuilds it.
std::string signatureOf(const std::map<std::string, KubeNode>& nodes) {
  std::string s;
  for (const auto& [name, n] : nodes) {
    const KubeResources& a = n.allocatable;
    s += name + '/' + std::to_string(a.cpuMilli / 1000) + '/' + std::to_string(a.memoryBytes) + '/' +
         std::to_string(n.physicalGpus()) + '/' + std::to_string(a.tpus) + '/' + n.gpuModel + '/' + n.tpuModel + ';';
  }
  return s;
}

std::string uidOf(const KubePod& pod) { return pod.uid.empty() ? pod.key() : pod.uid; }

bool finished(const KubePod& pod) { return pod.phase == "Succeeded" || pod.phase == "Failed"; }

}  // namespace

KubeScheduler::KubeScheduler(std::string name) : m_name(std::move(name)) { m_policies.active = liveDefaultCompiled(); }

KubeScheduler::~KubeScheduler() = default;

void KubeScheduler::setPolicies(LivePolicies policies) {
  std::lock_guard lock(m_policyMutex);
  m_policies = std::move(policies);
  ++m_policyGeneration;
}

std::uint64_t podId(const std::string& uid) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a
  for (const unsigned char c : uid) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

bool KubeScheduler::inCanary(const std::string& uid, std::uint32_t canaryPercent) {
  return canaryBucket(podId(uid)) < canaryPercent;
}

std::vector<FieldError> KubeScheduler::check(const LivePolicies& policies, const KubeStore& snapshot) const {
  const Topology topology = topologyOf(snapshot.nodes);
  ScorerRegistry scorers;
  addStandardScorers(scorers, targetOf(snapshot, gpuSharingOf(snapshot.nodes)));
  CoreOptions options;
  options.scorers = &scorers;
  SchedulingCore core(topology, options);
  return core.setPolicies(policies);
}

void KubeScheduler::rebuild(const KubeStore& snapshot, const LivePolicies& policies, double nowS) {
  m_tracked.clear();
  m_slotKey.clear();
  m_freeSlots.clear();
  m_nextSlot = 0;
  m_topology = topologyOf(snapshot.nodes);
  m_nodeIndex.clear();
  for (std::uint32_t n = 0; n < m_topology.nodes.size(); ++n) m_nodeIndex.emplace(m_topology.nodes[n].name, n);
  m_sharing = gpuSharingOf(snapshot.nodes);
  m_scorers = ScorerRegistry();
  addStandardScorers(m_scorers, targetOf(snapshot, m_sharing));
  CoreOptions options;
  options.scorers = &m_scorers;
  m_core = std::make_unique<SchedulingCore>(m_topology, options);
  m_core->setSink(this);
  const auto errors = m_core->setPolicies(policies);
  m_coreProblem = errors.empty() ? std::string() : errors.front().message();
  if (!errors.empty()) m_core.reset();
  (void)nowS;
}

KubeScheduler::Tracked& KubeScheduler::track(const std::string& key, const KubePod& pod, bool ours) {
  Tracked& t = m_tracked[key];
  t.ours = ours;
  t.reason.clear();
  t.waitFor.clear();
  t.rounds = 0;
  t.podKey = pod.key();
  t.job = CoreJob{};
  t.job.spec = jobSpecOf(pod, m_sharing);
  // Only our own pods are ever evicted (preempted or moved): another
  // scheduler's pods are not ours to re-place.
  t.job.spec.interruptible = t.job.spec.interruptible && pod.schedulerName == m_name;
  t.job.arrivalS = static_cast<double>(timestampMs(pod.creationTimestamp)) / 1000.0;
  t.job.runtimeS = t.job.spec.estimatedRuntimeS;  // unknown on a real cluster: the estimate, or none
  t.job.key = pod.key();
  t.job.id = podId(pod.uid.empty() ? pod.key() : pod.uid);
  if (m_freeSlots.empty()) {
    t.slot = m_nextSlot++;
  } else {
    t.slot = m_freeSlots.back();
    m_freeSlots.pop_back();
  }
  m_slotKey[t.slot] = key;
  return t;
}

std::string KubeScheduler::keyOf(JobSlot slot) const {
  const auto it = m_slotKey.find(slot);
  return it == m_slotKey.end() ? std::string() : it->second;
}

void KubeScheduler::leave(const std::string& key, double nowS) {
  const auto it = m_tracked.find(key);
  if (it == m_tracked.end()) return;
  const JobSlot slot = it->second.slot;
  if (m_core) {
    if (m_core->isRunning(slot)) m_core->complete(slot, nowS);
    else m_core->withdraw(slot);
  }
  m_slotKey.erase(slot);
  m_freeSlots.push_back(slot);
  m_tracked.erase(it);
}

void KubeScheduler::arrive(Tracked& t, double nowS) {
  const Admission a = m_core->arrive(t.slot, t.job, nowS);
  if (t.job.pinnedNode) {
    // A pod bound elsewhere holds its node; past our rounding (over-committed
    // by others) it is not counted twice.
    if (a == Admission::Started) {
      t.state = State::Running;
    } else {
      if (a == Admission::Queued) m_core->withdraw(t.slot);
      t.state = State::Uncounted;
    }
    return;
  }
  t.state = a == Admission::NeverFits ? State::Uncounted : State::Waiting;
}

std::vector<KubeBinding> KubeScheduler::schedule(const KubeStore& snapshot, const Bind& bind) {
  Api api;
  api.bind = [&bind](const KubePod& pod, const std::string& node, const Annotations&) { return bind(pod, node); };
  api.evict = [](const KubePod&) -> std::optional<KubeError> { return KubeError{405, "evictions are off"}; };
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  return schedule(snapshot, api, now);
}

std::vector<KubeBinding> KubeScheduler::schedule(const KubeStore& snapshot, const Api& api, double nowS) {
  LivePolicies policies;
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(m_policyMutex);
    policies = m_policies;
    generation = m_policyGeneration;
  }
  nowS = std::max(nowS, m_lastNowS);
  m_lastNowS = nowS;
  const std::string signature = signatureOf(snapshot.nodes);
  if (signature != m_signature || (!m_core && generation != m_appliedGeneration)) {
    m_signature = signature;
    rebuild(snapshot, policies, nowS);
    m_appliedGeneration = generation;
  } else if (generation != m_appliedGeneration) {
    const auto errors = m_core->setPolicies(policies);
    m_coreProblem = errors.empty() ? std::string() : errors.front().message();
    m_appliedGeneration = generation;
  }
  std::vector<KubeBinding> out;
  if (!m_core) {
    for (const auto& [key, pod] : snapshot.pods)
      if (pod.nodeName.empty() && pod.schedulerName == m_name && pod.phase == "Pending" && !pod.terminating)
        out.push_back(
            {KubeBinding::Action::Bind, pod.key(), {}, neededKind(pod.requests), {}, m_coreProblem, false, {}});
    return out;
  }
  for (const auto& [name, node] : snapshot.nodes)
    m_core->setNodeUp(m_nodeIndex.at(name), node.ready && !node.unschedulable, nowS);

  // Departures: pods gone or finished give back what they held.
  std::map<std::string, const KubePod*> byUid;
  for (const auto& [key, pod] : snapshot.pods) byUid.emplace(uidOf(pod), &pod);
  std::vector<std::string> gone;
  for (const auto& [key, t] : m_tracked) {
    if (key.starts_with("owner:")) continue;
    const auto it = byUid.find(key);
    if (it == byUid.end() || finished(*it->second)) gone.push_back(key);
  }
  for (const std::string& key : gone) leave(key, nowS);
  std::erase_if(m_evicting, [&](const std::string& uid) { return !byUid.contains(uid); });

  // Arrivals: pods bound elsewhere hold their nodes; our pending pods queue.
  for (const auto& [key, pod] : snapshot.pods) {
    const std::string uid = uidOf(pod);
    if (m_evicting.contains(uid) || finished(pod)) continue;  // going: its room is given already
    const auto it = m_tracked.find(uid);
    if (!pod.nodeName.empty()) {
      if (it != m_tracked.end()) {
        Tracked& t = it->second;
        if (t.state == State::Uncounted && t.node == pod.nodeName) continue;
        if ((t.state == State::Running || t.state == State::Nominated) && t.node == pod.nodeName) {
          t.state = State::Running;  // the watch caught up with our binding
          continue;
        }
        leave(uid, nowS);
      }
      const auto n = m_nodeIndex.find(pod.nodeName);
      if (n == m_nodeIndex.end()) continue;
      Tracked& t = track(uid, pod, false);
      t.job.pinnedNode = n->second;
      if (pod.gpuIndex.size() == 1) t.job.pinnedDevice = pod.gpuIndex.front();
      t.node = pod.nodeName;
      arrive(t, nowS);
      continue;
    }
    if (pod.schedulerName != m_name || pod.phase != "Pending" || pod.terminating || it != m_tracked.end()) continue;
    // A replacement for a pod we moved takes over the place reserved for it
    // (the same controller, so the same requests): it is bound there next.
    if (!pod.controllerUid.empty()) {
      if (const auto r = m_tracked.find("owner:" + pod.controllerUid); r != m_tracked.end()) {
        auto entry = m_tracked.extract(r);
        entry.key() = uid;
        Tracked& t = entry.mapped();
        t.podKey = pod.key();
        t.ours = true;
        t.state = State::Nominated;
        t.waitFor.clear();
        m_slotKey[t.slot] = uid;
        m_tracked.insert(std::move(entry));
        continue;
      }
    }
    Tracked& t = track(uid, pod, true);
    // A label routing an accelerator pod elsewhere would put it on a node
    // without the devices it requests; the kubelet would reject it.
    const std::size_t arm = m_core->armCount() > 1 && canaryBucket(t.job.id) < m_core->canaryPercent() ? 1 : 0;
    const DeviceKind routed = m_core->policy(arm).routing.route(t.job.spec.kind);
    const DeviceKind needed = neededKind(pod.requests);
    if (needed != DeviceKind::Cpu && needed != routed) {
      t.state = State::Uncounted;
      t.reason = "requests " + std::string(toString(needed)) + " devices but its kind routes to " +
                 std::string(toString(routed));
      continue;
    }
    arrive(t, nowS);
  }

  if (m_core->wantsTicks()) m_core->tick(nowS);
  m_core->decide(nowS);
  act(snapshot, api, nowS, out);
  bindNominated(snapshot, api, out);
  // Reservations whose replacement never came (no controller acted) end.
  std::vector<std::string> expired;
  for (auto& [key, t] : m_tracked)
    if (t.state == State::Reserved && ++t.rounds > 20) expired.push_back(key);
  for (const std::string& key : expired) leave(key, nowS);

  // Our pods still waiting, and why.
  for (const auto& [key, t] : m_tracked) {
    if (!t.ours || (t.state != State::Waiting && t.state != State::Uncounted)) continue;
    KubeBinding waiting;
    waiting.pod = t.podKey;
    waiting.canary = m_core->armCount() > 1 && canaryBucket(t.job.id) < m_core->canaryPercent();
    waiting.kind = m_core->policy(waiting.canary ? 1 : 0).routing.route(t.job.spec.kind);
    const std::string kind(toString(waiting.kind));
    waiting.reason = !t.reason.empty()             ? t.reason
                     : t.state == State::Uncounted ? "no " + kind + " node is large enough"
                                                   : "no " + kind + " node has room now";
    out.push_back(std::move(waiting));
  }
  return out;
}

}  // namespace hetsched
