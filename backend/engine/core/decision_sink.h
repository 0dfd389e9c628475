#pragma once

#include "capacity_state.h"

#include <cstdint>

namespace hetsched {

// A driver's handle on one job in the core: a dense index the driver picks
// (the what-if simulator's input index, a live source's recycled slot).
using JobSlot = std::uint32_t;
inline constexpr JobSlot kNoJob = ~JobSlot{0};

// The core's decisions, as they are made. Callbacks run inside the event
// call that caused them, in this order for one decision:
//  start:       bound(job)
//  finish:      released(job)
//  preemption:  released(victim), preempted(victim, by), bound(by)
//  migration:   released(job), migrated(job, from, to), bound(job)
//  node down:   released(job), lost(job) for each job it ran
// The core's state already reflects the decision when a callback runs.
class DecisionSink {
 public:
  virtual ~DecisionSink() = default;
  // The job runs on `placement` from `t` (a first start, a restart after a
  // preemption or a lost node, or the resumption of a moved job).
  virtual void bound(JobSlot job, const Placement& placement, double t) = 0;
  // What the job held is free again. The core reads only placement.node
  // afterwards, so a sink may move the device lists out (the what-if keeps
  // the last run's devices without copying them).
  virtual void released(JobSlot job, Placement& placement, double t) = 0;
  // `victim` waits again so that `by` runs in its place.
  virtual void preempted(JobSlot victim, JobSlot by, std::uint32_t node, double t) = 0;
  // The job moves; it holds the target but makes no progress for `pauseS`.
  virtual void migrated(JobSlot job, std::uint32_t fromNode, std::uint32_t toNode, double pauseS, double t) = 0;
  // The job's node went down; the job waits again and will start over.
  virtual void lost(JobSlot job, std::uint32_t node, double t) = 0;
};

}  // namespace hetsched
