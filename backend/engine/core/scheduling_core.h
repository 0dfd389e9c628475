#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "core_job.h"
#include "core_options.h"
#include "core_seams.h"
#include "decision_sink.h"
#include "engine/estimate/runtime_predictor.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "free_capacity_history.h"
#include "free_capacity_index.h"
#include "job_fit.h"
#include "job_queue.h"
#include "node_shapes.h"
#include "ordered_run.h"
#include "placement_scorer.h"
#include "policy_arms.h"
#include "prefetch.h"
#include "unplaceable_shapes.h"
#include "wait_facts.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace hetsched {

class QuotaLedger;

// What happened to an arrival.
enum class Admission : std::uint8_t { Queued, Started, NeverFits };

// The one scheduling core. Every placement decision HetSched makes comes
// from here, whoever drives it: the what-if simulator (an event heap), the
// gateway's simulated cluster, the Kubernetes secondary scheduler and the
// ATC'23 replay. It owns the queue disciplines, feasibility, the placement
// rules (scorers), preemption, migration and canary arms; see docs/engine.md.
//
// Events in: arrive, complete, withdraw, setNodeUp, tick; then decide()
// once all events of an instant are in. Decisions out: the DecisionSink's
// callbacks. Times are seconds on the driver's clock and never go back.
// Copying a core copies its whole state (scorers cloned, sink kept): a
// prediction runs a copy forward without touching the original.
class SchedulingCore {
 public:
  SchedulingCore(const Topology& topology, CoreOptions options = {});
  SchedulingCore(const SchedulingCore& other);
  SchedulingCore& operator=(const SchedulingCore&) = delete;
  ~SchedulingCore();

  // Checks the policies against this cluster and the scorers the options
  // offer, then installs them; on any error (each naming its policy field,
  // e.g. "placement.external_scorer") nothing changes. Waiting and running
  // jobs all belong to the active arm afterwards; only new arrivals split.
  std::vector<FieldError> setPolicies(const PolicyArms& arms);
  void setSink(DecisionSink* sink) { m_sink = sink; }
  // Room for slots [0, n) without growing per event.
  void reserve(std::size_t slots);

  // `job` must stay where it is until the slot completes or is withdrawn.
  Admission arrive(JobSlot slot, const CoreJob& job, double t);
  // A running job finished its work.
  void complete(JobSlot slot, double t);
  // A waiting job leaves without running (deleted, or tried once).
  void withdraw(JobSlot slot);
  // A down node takes no work and loses what ran on it (the jobs wait again).
  void setNodeUp(std::uint32_t node, bool up, double t);
  // The sampling tick (seed §2.4): opportunistic migration offers.
  void tick(double t);
  // Starts what the queues allow now, and preempts for the arrivals since
  // the last decide().
  void decide(double t);

  // --- What drivers read ---
  const Topology& topology() const { return m_topology; }
  const CapacityState& capacity() const { return m_state; }
  std::size_t armCount() const { return m_arms.size(); }
  const CompiledPolicy& policy(std::size_t arm) const { return m_arms[arm].policy; }
  std::uint64_t policyVersion(std::size_t arm) const { return m_arms[arm].version; }
  std::uint32_t canaryPercent() const { return m_canaryPercent; }
  // Whether any arm wants tick() (tick-driven migration).
  bool wantsTicks() const;
  std::uint32_t queued() const { return m_queued; }
  std::uint32_t running() const { return m_running; }

  bool isRunning(JobSlot s) const { return s < m_slots.size() && m_slots[s].phase == kRunning; }
  bool isWaiting(JobSlot s) const { return s < m_slots.size() && m_slots[s].phase == kWaiting; }
  std::uint8_t armOf(JobSlot s) const { return m_slots[s].arm; }
  DeviceKind kindOf(JobSlot s) const { return static_cast<DeviceKind>(m_slots[s].kind); }
  const Placement& placementOf(JobSlot s) const { return m_placement[s]; }
  // Work left in seconds if it ran without interruption from now: the true
  // runtime when the driver gave one, else the expected one; restart costs
  // and migration pauses included.
  double remainingS(JobSlot s) const { return m_slots[s].remaining; }
  // Bumped whenever a running job stops early (preempted, moved, lost):
  // a completion scheduled for an older generation is void.
  std::uint32_t generation(JobSlot s) const { return m_slots[s].generation; }
  // Starts loading what complete(s) touches (its slot and placement).
  void prefetchCompletion(JobSlot s) const {
    if (s >= m_slots.size()) return;
    prefetch(&m_slots[s]);
    prefetch(&m_placement[s]);
  }
  // Whether any run was ever cut short (preempted, moved, lost): until one
  // is, no scheduled completion can be void and a driver may skip the check.
  bool runsCut() const { return m_runsCut != 0; }
  // The spec the core schedules by (requests estimated from a profile).
  const JobSpec& specOf(JobSlot s) const;
  // Whether some node could hold the job were the cluster empty, under the
  // routing of `arm`.
  bool canEverFit(const CoreJob& job, std::size_t arm) const;
  // Why a waiting job is not running at `t` (facts for live predictions).
  WaitFacts waitFacts(JobSlot slot, double t) const;
  // The same facts for many jobs at once (a live forecast's whole queue):
  // the nodes are scanned once per distinct request and each queue is
  // sorted once, where one call per job costs O(nodes + queue) each.
  std::vector<WaitFacts> waitFacts(std::span<const JobSlot> slots, double t) const;
  // Points a waiting or running slot at `job`, an equal copy of the job it
  // holds: a prediction's copy of the core keeps its own jobs, so the live
  // source may drop its own meanwhile.
  void rebind(JobSlot slot, const CoreJob& job);

 private:
  enum Phase : std::uint8_t { kIdle, kWaiting, kRunning };
  static constexpr std::uint32_t kNoNode = ~std::uint32_t{0};
  // Running, interruptible jobs in the order they are offered as victims.
  // Ties go by the job's id, never its slot: a live source recycles slots,
  // and the what-if must order the same jobs the same way.
  struct VictimKey {
    double first;
    double second;
    std::uint64_t id;
    JobSlot job;
    auto operator<=>(const VictimKey&) const = default;
  };
  struct Blocked {
    std::uint64_t seq = 0;
    std::uint64_t epoch = ~std::uint64_t{0};
  };
  struct Arm {
    CompiledPolicy policy;
    std::uint64_t version = 0;
    std::unique_ptr<PlacementScorer> scorer;
    std::array<JobQueue, kDeviceKindCount> queues;
    std::array<std::set<VictimKey>, kDeviceKindCount> victims;
    std::array<Blocked, kDeviceKindCount> blocked{};
    // Waiting jobs per kind: a queue holding more entries holds stale ones.
    std::array<std::uint32_t, kDeviceKindCount> waiting{};
    std::unique_ptr<FreeCapacityHistory> history;  // tick-driven migration only
    std::vector<JobSlot> held;                      // tried and failed in the selector seam's dispatch
    JobSelector* selector = nullptr;                // the options' or the scorer's
    bool exhaustive = false;                        // scorer->exhaustive()
    // Records shapes that fit nowhere (backfill reads past a blocked head,
    // a job selector is offered only jobs that fit; without either a
    // dispatch stops at its first failure anyway).
    bool marks = false;
    // Per kind, the waiting job served first (JobSelector::reserveAfterS)
    // and the node kept for it while it fits nowhere (kNoNode: none yet),
    // and the arm's waiting jobs by arrival (a heap, stale entries dropped
    // when they come to the top), kept only when its selector reserves.
    // shadowS: when the kept node drains enough for the job, by the
    // running jobs' expected ends; a job that ends before may use it
    // (EASY backfilling's shadow time).
    struct Reservation {
      JobSlot job = kNoJob;
      std::uint32_t node = kNoNode;
      double shadowS = 0.0;
    };
    std::array<Reservation, kDeviceKindCount> reservations{};
    std::array<std::vector<QueueEntry>, kDeviceKindCount> byArrival;
    // Per kind, the mean wait of the jobs started lately (exponentially
    // weighted, over about the last thousand).
    std::array<double, kDeviceKindCount> meanWaitS{};

    Arm(CompiledPolicy p, std::uint64_t v, std::unique_ptr<PlacementScorer> s, std::size_t nodes);
    Arm(const Arm& other);
    bool preemptive() const { return policy.queue == QueueKind::Srtf || policy.preemption; }
    bool srtf() const { return policy.queue == QueueKind::Srtf; }
    bool keepsProgress() const { return srtf() || policy.keepProgress; }
    bool ticks() const { return policy.migration && policy.migrationMaxPerTick > 0; }
  };

  void nodeFacts(JobSlot j, WaitFacts& f) const;
  // What node `n` lacks for job `j` (WaitFacts::Short bits; 0: it fits).
  std::uint8_t lacksOn(JobSlot j, std::uint32_t n) const;
  void quotaFacts(JobSlot j, WaitFacts& f) const;
  void reservationFacts(JobSlot j, double t, WaitFacts& f) const;
  // Whether the selector passed `j` (of kind `k`) over until capacity of
  // its kind is freed (m_passedAt).
  bool passedOver(JobSlot j, std::size_t k) const { return j < m_passedAt.size() && m_passedAt[j] == m_epoch[k] + 1; }
  void grow(JobSlot slot);
  void enqueue(JobSlot j);
  bool stale(const QueueEntry& entry) const;
  // One arm's progress through a dispatch.
  struct Pass {
    JobQueue::Walk walk;
    std::uint32_t held = 0;  // jobs passed over (blocked) so far
  };
  void dispatch(std::size_t kind, double t);
  bool walkStep(Arm& arm, std::size_t kind, double t, Pass& pass, bool alone);
  void selectDispatch(std::size_t kind, double t);
  bool selectStep(Arm& arm, std::size_t kind, double t);
  // Whether waiting job `j` of kind `k` fits on some node now.
  bool fitsSomewhere(JobSlot j, std::size_t k, std::uint32_t maxFree, double t);
  // Leaves `j` out of the selector's window until capacity of kind `k` is freed.
  void passOver(JobSlot j, std::size_t k);
  // The selector of an arm, and how long its jobs of kind `k` wait before
  // it reserves (0: never).
  JobSelector* selectorOf(const Arm& arm) const { return m_options.selector ? m_options.selector : arm.selector; }
  double reserveAfterS(const Arm& arm, std::size_t k) const;
  // The arm's job of kind `k` waiting longer than its selector allows, the
  // one waiting longest (kNoJob: none), its reservation kept up to date.
  JobSlot overdue(Arm& arm, std::size_t k, double t);
  // Keeps a node of kind `k` for `j` in `reservation`: of those that could
  // take it when empty, the one where it could start soonest by the
  // running jobs' expected ends.
  void keepNode(JobSlot j, std::size_t k, double t, Arm::Reservation& reservation) const;
  // Resets m_fit for `j`, at `t`; the node its arm keeps for another job is
  // blocked unless `j` is expected to end before the kept node drains.
  // That node (kNoNode: none).
  std::uint32_t fitFor(JobSlot j, double t);
  // The node its arm keeps for another job, which `j` may not use at `t`
  // because it is expected to run past the kept node's drain (kNoNode:
  // none): what fitFor blocks and "why is this job waiting" reports.
  std::uint32_t keptFrom(JobSlot j, double t) const;
  // The heap order of Arm::byArrival: the job that arrived first on top.
  static bool laterArrival(const QueueEntry& a, const QueueEntry& b) {
    return std::tie(a.arrivalS, a.seq) > std::tie(b.arrivalS, b.seq);
  }
  void fairDispatch(Arm& arm, std::size_t kind, double t);
  // Whether an admission limit (the policy's quotas, the options' gate)
  // holds the waiting job back now.
  bool held(JobSlot j) const;
  void buildQuotas();
  void markUnplaceable(JobSlot j);
  // Whether some job `arm` has waiting of kind `k` is of a shape not known
  // to fit nowhere (only for an arm that marks shapes).
  bool anyMayFit(const Arm& arm, std::size_t k);
  void leaveQueue(JobSlot j);
  bool tryStart(JobSlot j, double t, bool overdue = false);
  bool tryPreempt(JobSlot j, double t);
  void start(JobSlot j, Placement placement, double t);
  void release(JobSlot j, double t);
  void evict(JobSlot victim, JobSlot by, double t);
  void migrateInto(std::uint32_t target, double t);
  void tickArm(Arm& arm, double t);
  bool shed(Arm& arm, std::uint32_t source, double t);
  double pauseOf(const Arm& arm, JobSlot j) const;
  void move(JobSlot j, Placement placement, double t, double pauseS);
  void syncIndex(std::uint32_t node);
  void dispatchDirty(double t);
  double expectedRuntime(JobSlot j) const;
  double expectedRemaining(JobSlot j, double t) const;
  void estimateRequests(JobSlot j);
  PlacementRequest requestOf(JobSlot j) const;
  bool anyMigration() const;
  std::uint64_t idOf(JobSlot j) const { return m_slots[j].job->id != 0 ? m_slots[j].job->id : std::uint64_t{j} + 1; }
  VictimKey victimKeyOf(const Arm& arm, JobSlot j, double startS) const;
  Arm& armOfJob(JobSlot j) { return m_arms[m_slots[j].arm]; }
  const Arm& armOfJob(JobSlot j) const { return m_arms[m_slots[j].arm]; }

  const Topology& m_topology;
  CoreOptions m_options;
  DecisionSink* m_sink = nullptr;
  CapacityState m_state;
  FreeCapacityIndex m_index;
  NodeShapes m_shapes;
  JobFit m_fit;
  std::vector<Arm> m_arms;  // [0] active, [1] candidate
  std::uint32_t m_canaryPercent = 0;
  bool m_anyPreemptive = false;
  std::array<std::uint64_t, kDeviceKindCount> m_epoch{};  // capacity freed per kind
  std::array<bool, kDeviceKindCount> m_dirty{};
  std::vector<JobSlot> m_arrived;  // since the last decide(), for preemption
  UnplaceableShapes m_unplaceable;
  // Per-team quotas, when an arm's policy has them (null otherwise: no cost).
  std::unique_ptr<QuotaLedger> m_quotas;
  // The selector seam's window, kept between dispatches (no allocation per
  // decision), and per slot whether the job is in an arm's `held` (set only
  // during a dispatch); scratch, not state: a copy of the core starts them
  // empty.
  std::vector<SelectionCandidate> m_candidates;
  std::vector<std::uint8_t> m_selectHeld;
  // Per slot, 1 + its kind's epoch when the selector picked the job and it
  // did not start (it fit nowhere, or the selector deferred it): it is not
  // offered again until capacity of its kind is freed. State: a copy keeps it.
  std::vector<std::uint64_t> m_passedAt;
  // Per shape (UnplaceableShapes), a node it was last found to fit on by
  // fitsSomewhere and that node's version then: while the node has not
  // changed, the shape still fits there (under a deep queue a dispatch asks
  // about the same few shapes step after step, and finding the first node
  // that fits read a dozen nodes that do not: an eighth of the hybrid's
  // time on Alibaba's gpushare40 list). Only a cache: a copy of the core
  // starts it empty.
  struct ShapeFit {
    std::uint32_t node = kNoNode;
    std::uint32_t version = 0;
  };
  std::vector<ShapeFit> m_shapeFit;

  // Per slot, what an event touches together, in 64 bytes (a million jobs
  // do not fit in cache; separate arrays cost a miss each). The vector is
  // only 16-byte aligned, so a slot may straddle two cache lines; aligning
  // them to 64 measured as noise (1.229M against 1.246M jobs/s, bench sim).
  struct Slot {
    const CoreJob* job = nullptr;
    std::uint8_t phase = kIdle;
    std::uint8_t arm = 0;
    std::uint8_t kind = 0;
    bool counted = false;  // in m_unplaceable's counts of waiting jobs
    std::uint32_t need = 0;
    std::uint32_t generation = 0;
    std::uint32_t preemptions = 0;
    double remaining = 0.0;  // work left, restart cost and pauses included
    double doneS = 0.0;      // work kept from earlier runs
    double runStart = 0.0;
    std::uint64_t queueSeq = 0;
    UnplaceableShapes::ShapeId shape = UnplaceableShapes::kNone;  // known once a try failed
    std::uint32_t team = 0;  // QuotaLedger's id, while quotas apply
  };
  static_assert(sizeof(Slot) <= 64, "a field added to Slot costs every event a wider read: measure it");
  std::vector<Slot> m_slots;
  std::vector<Placement> m_placement;
  std::vector<double> m_predicted;  // RuntimeKnowledge::History: runtime believed at arrival

  std::vector<std::vector<JobSlot>> m_nodeJobs;  // running jobs per node, while some arm migrates
  std::unordered_map<JobSlot, JobSpec> m_estimatedSpecs;
  RuntimePredictor m_predictor;
  std::uint64_t m_seq = 0;
  std::uint64_t m_runsCut = 0;
  std::uint32_t m_running = 0;
  std::uint32_t m_queued = 0;
};

}  // namespace hetsched
