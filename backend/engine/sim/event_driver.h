#pragma once

#include "base/model/topology.h"
#include "completion_heap.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/sched/job_validation.h"

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

// Why the driver turned an arrival away before the core placed it.
enum class Refusal : std::uint8_t { InvalidRuntime, NeverFits };

// What the event driver reports besides the core's decisions.
class EventObserver : public DecisionSink {
 public:
  // Before the events of instant `t` (the clock moves to t).
  virtual void advancing(double t, std::uint32_t queued, std::uint32_t running) = 0;
  virtual void completed(JobSlot job, double t) = 0;
  virtual void refused(JobSlot job, Refusal why) = 0;
  // The core took the arrival (queued it or started it at once).
  virtual void arrived(JobSlot job, Admission admission) {
    (void)job;
    (void)admission;
  }
  // Every job added so far has arrived.
  virtual void arrivalsDone() {}
  // `job` is the next to complete: a chance to start loading what
  // completed(job) will touch.
  virtual void completesNext(JobSlot job) { (void)job; }
};

struct EventDriverOptions {
  // Sampling tick (tick-driven migration): every intervalS from originS;
  // NaN origin: the first arrival.
  double tickIntervalS = 1.0;
  double tickOriginS = NAN;
  // Polled every few thousand events: set *cancel to stop advanceTo early;
  // *arrivals counts the jobs arrived so far.
  const std::atomic<bool>* cancel = nullptr;
  std::atomic<std::size_t>* arrivals = nullptr;
};

// The discrete-event driver of the scheduling core: jobs arrive at their
// arrival time, finish when their remaining work is done (a completion heap
// with generations, so preempted and moved runs are void), and ticks come
// on a fixed grid while something runs, nodes go down and up when told.
// Events of one instant go to the core together: node changes, completions,
// arrivals, then decide(), then the tick.
// The what-if simulator runs it to the end at once; the live simulated
// cluster advances it one agent period at a time. Deterministic: ties
// between events go by sequence number, never by address or hash order.
class EventDriver final : private DecisionSink {
 public:
  EventDriver(const Topology& topology, CoreOptions coreOptions, EventDriverOptions options, EventObserver& observer);
  // A fork: the same core state, pending arrivals, scheduled completions,
  // node events and tick grid, reporting to `observer`. A live prediction
  // runs a fork forward without touching the original. The fork still
  // points at the original's jobs until rebind() points it at copies.
  EventDriver(const EventDriver& from, EventObserver& observer);
  EventDriver(const EventDriver&) = delete;
  EventDriver& operator=(const EventDriver&) = delete;

  // Points a pending, waiting or running slot at `job`, an equal copy.
  void rebind(JobSlot slot, const CoreJob& job);
  // A fork's own cancel flag (a fork starts with none).
  void setCancel(const std::atomic<bool>* cancel) { m_options.cancel = cancel; }

  std::vector<FieldError> setPolicies(const PolicyArms& arms) { return m_core.setPolicies(arms); }
  // `job` arrives at job.arrivalS; it must stay where it is until the slot
  // completes or is refused. Jobs may be added in any order, but not with
  // an arrival before the instant the driver has reached.
  void add(JobSlot slot, const CoreJob& job);
  // Room for slots [0, slots) in the driver and its core, before a batch
  // of add() (a what-if's whole workload).
  void reserve(std::size_t slots);
  // Processes every event before `limitS` (all of them for INFINITY).
  // False when stopped by the cancel flag.
  bool advanceTo(double limitS);
  // Withdraws a waiting job or drops a pending arrival (a real cluster's
  // deletion; ATC'23's one try).
  void withdraw(JobSlot slot);
  // A node goes down (its jobs wait again) or comes back at `t`, before the
  // other events of that instant.
  void scheduleNodeEvent(std::uint32_t node, bool up, double t);

  const SchedulingCore& core() const { return m_core; }
  SchedulingCore& core() { return m_core; }
  std::size_t pendingArrivals() const { return m_order.size() - m_next; }
  // The time of the next event, INFINITY when there is none.
  double nextEventS() const;

 private:
  void bound(JobSlot job, const Placement& placement, double t) override;
  void released(JobSlot job, Placement& placement, double t) override { m_observer.released(job, placement, t); }
  void preempted(JobSlot victim, JobSlot by, std::uint32_t node, double t) override {
    m_observer.preempted(victim, by, node, t);
  }
  void migrated(JobSlot job, std::uint32_t from, std::uint32_t to, double pauseS, double t) override {
    m_observer.migrated(job, from, to, pauseS, t);
  }
  void lost(JobSlot job, std::uint32_t node, double t) override { m_observer.lost(job, node, t); }

  void sortPending();
  void tickDue(double t);

  SchedulingCore m_core;
  EventDriverOptions m_options;
  EventObserver& m_observer;
  std::vector<JobSlot> m_order;         // arrival order; [m_next, end) still to come
  std::vector<const CoreJob*> m_pending;  // per slot, until it arrives
  std::size_t m_next = 0;
  bool m_sorted = true;
  double m_lastAdded = -INFINITY;
  double m_nowS = -INFINITY;
  struct NodeEvent {
    double timeS;
    std::uint64_t seq;
    std::uint32_t node;
    bool up;
  };
  std::vector<NodeEvent> m_nodeEvents;  // sorted by (time, seq); few
  CompletionHeap m_completions;
  std::uint64_t m_seq = 0;
  double m_nextTickS = INFINITY;
  double m_tickOriginS = NAN;
  std::uint64_t m_tickIndex = 0;
  bool m_arrivalsDone = false;
};

}  // namespace hetsched
