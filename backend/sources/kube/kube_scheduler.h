#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/decision_sink.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/scorer_registry.h"
#include "engine/sched/job_validation.h"
#include "kube_convert.h"
#include "kube_error.h"
#include "kube_objects.h"
#include "sources/cluster/live_policies.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hetsched {

struct KubeStore;

// One decision of a scheduling round.
struct KubeBinding {
  // Bind: the pod goes to `node` (Binding API). Evict: the pod is evicted
  // (Eviction API) to make room (`forPod`, a preemption) or to move (a
  // migration: its controller's next pod is bound to `node`). Wait: the
  // pod is nominated for `node` and waits for its victims to leave.
  enum class Action : std::uint8_t { Bind, Evict, Wait };
  Action action = Action::Bind;
  std::string pod;   // namespace/name
  std::string node;  // empty: no node (reason says why)
  DeviceKind kind = DeviceKind::Cpu;
  std::optional<KubeError> error;  // the API call's failure, if it failed
  std::string reason;              // why no node, when none
  bool canary = false;             // decided by the candidate policy
  std::string forPod;              // Evict for a preemption: the pod it makes room for
};

// The secondary scheduler: one scheduling core kept across rounds and fed
// the cluster's changes as events (pods bound elsewhere pinned to their
// nodes, pending pods of spec.schedulerName == name() queued, finished and
// deleted pods completed, nodes up and down). Its decisions go to the API:
// bindings (with the GPU index annotations of the sharing device plugins),
// evictions of interruptible pods for preemption, and migration as
// eviction of an interruptible pod whose controller's replacement is then
// bound to the target node. See docs/policy-lifecycle.md.
class KubeScheduler final : private DecisionSink {
 public:
  using Annotations = std::map<std::string, std::string>;
  using Bind = std::function<std::optional<KubeError>(const KubePod& pod, const std::string& node)>;
  struct Api {
    std::function<std::optional<KubeError>(const KubePod&, const std::string& node, const Annotations&)> bind;
    std::function<std::optional<KubeError>(const KubePod&)> evict;
  };

  explicit KubeScheduler(std::string name = "hetsched");
  ~KubeScheduler() override;

  const std::string& name() const { return m_name; }
  // The policies the next round runs; pods whose uid hashes below the canary
  // share use the candidate. Thread-safe.
  void setPolicies(LivePolicies policies);
  // Whether these policies run on the cluster the store holds (the core's
  // own check: routes to device kinds it has, scorers it knows).
  std::vector<FieldError> check(const LivePolicies& policies, const KubeStore& snapshot) const;
  // Stable across processes and platforms, so a pod keeps its arm when the
  // gateway restarts.
  static bool inCanary(const std::string& uid, std::uint32_t canaryPercent);
  // One round over a snapshot of the store at wall time `nowS` (seconds).
  std::vector<KubeBinding> schedule(const KubeStore& snapshot, const Api& api, double nowS);
  // Binding only (no evictions), at the current wall time.
  std::vector<KubeBinding> schedule(const KubeStore& snapshot, const Bind& bind);

 private:
  enum class State : std::uint8_t { Waiting, Running, Nominated, Reserved, Uncounted };
  struct Tracked {
    CoreJob job;
    JobSlot slot = 0;
    State state = State::Waiting;
    bool ours = false;  // a pending pod of our scheduler name
    std::string podKey;
    std::string node;
    std::vector<std::string> waitFor;  // Nominated: the victims' uids
    int rounds = 0;                    // Reserved: rounds without a replacement
    std::string reason;                // Uncounted: why it cannot be placed
  };
  struct Preemption {
    JobSlot victim;
    JobSlot by;
  };
  struct Move {
    JobSlot job;
    std::uint32_t to;
  };

  void rebuild(const KubeStore& snapshot, const LivePolicies& policies, double nowS);
  Tracked& track(const std::string& key, const KubePod& pod, bool ours);
  void leave(const std::string& key, double nowS);
  void arrive(Tracked& t, double nowS);
  void act(const KubeStore& snapshot, const Api& api, double nowS, std::vector<KubeBinding>& out);
  void bindNominated(const KubeStore& snapshot, const Api& api, std::vector<KubeBinding>& out);
  Annotations annotationsFor(const KubePod& pod, const Placement& placement, double nowS) const;
  std::string keyOf(JobSlot slot) const;

  void bound(JobSlot job, const Placement&, double) override { m_bound.push_back(job); }
  void released(JobSlot, Placement&, double) override {}
  void preempted(JobSlot victim, JobSlot by, std::uint32_t, double) override { m_preempted.push_back({victim, by}); }
  void migrated(JobSlot job, std::uint32_t, std::uint32_t to, double, double) override { m_moved.push_back({job, to}); }
  void lost(JobSlot job, std::uint32_t, double) override { m_lost.push_back(job); }

  std::string m_name;
  mutable std::mutex m_policyMutex;
  LivePolicies m_policies;
  std::uint64_t m_policyGeneration = 1;
  std::uint64_t m_appliedGeneration = 0;

  std::string m_signature;  // the nodes the core was built for
  Topology m_topology;
  std::map<std::string, std::uint32_t> m_nodeIndex;
  GpuSharing m_sharing;
  ScorerRegistry m_scorers;
  std::unique_ptr<SchedulingCore> m_core;
  std::string m_coreProblem;  // why there is no core (a policy it refused)
  std::map<std::string, Tracked> m_tracked;  // pod uid, or "owner:" + controller uid for a reservation
  std::map<JobSlot, std::string> m_slotKey;
  std::vector<JobSlot> m_freeSlots;
  JobSlot m_nextSlot = 0;
  std::set<std::string> m_evicting;  // uids we evicted, until they are gone
  double m_lastNowS = 0.0;

  std::vector<JobSlot> m_bound;
  std::vector<Preemption> m_preempted;
  std::vector<Move> m_moved;
  std::vector<JobSlot> m_lost;
};

// The body of POST /api/v1/namespaces/NS/pods/NAME/binding; `annotations`
// are copied onto the pod by the API server (how the sharing device
// plugins learn the GPU chosen).
std::string bindingBody(const KubePod& pod, const std::string& node,
                        const KubeScheduler::Annotations& annotations = {});
// The body of POST /api/v1/namespaces/NS/pods/NAME/eviction (policy/v1).
std::string evictionBody(const KubePod& pod);
// The 64-bit FNV-1a of a pod's uid: its id for the canary split.
std::uint64_t podId(const std::string& uid);

}  // namespace hetsched
