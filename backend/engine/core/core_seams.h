#pragma once

#include "core_job.h"
#include "decision_sink.h"
#include "base/model/device_kind.h"
#include "placement_scorer.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace hetsched {

// One waiting job offered to a JobSelector, with what the core knows of it.
struct SelectionCandidate {
  JobSlot slot = 0;
  double waitedS = 0.0;           // since it arrived
  double expectedRuntimeS = 0.0;  // what the core believes (SJF's key)
  std::uint32_t needMilli = 0;    // of its kind's primary resource
};

// Seam for learned job selection: which of the first window() waiting jobs
// of one arm and device kind that fit on some node now is tried first,
// instead of the queue's head (the seed's mask on infeasible actions, as an
// exact hard mask). A job that fits nowhere is left out of the window until
// a node of its kind has room for it, and one that was picked and did not
// start (the scorer deferred it) until capacity of its kind is freed; the
// others keep their places. The hybrid scorer brings its own (see
// PlacementScorer::selector), so that its choice of job travels with the
// policy; CoreOptions::selector overrides every arm's. The core does not
// ask when no waiting job fits: a pick must have no effect but its answer.
class JobSelector {
 public:
  virtual ~JobSelector() = default;
  virtual std::uint32_t window() const = 0;
  // `candidates` in the queue discipline's order; the index to try first.
  virtual std::size_t pick(std::span<const SelectionCandidate> candidates, const ScoringContext& context,
                           std::uint8_t arm, DeviceKind kind, double t) = 0;
  // A waiting job of the arm that has waited longer than this (0: never),
  // given the mean wait of the arm's jobs of its kind started lately, is
  // served before the others, the one waiting longest first: started first
  // while it fits, and while it fits nowhere the node where it could start
  // soonest (by the running jobs' expected ends) is kept for it: the arm's
  // other jobs of its kind may use that node only if they are expected to
  // end by then (EASY backfilling's reservation for a blocked head).
  virtual double reserveAfterS(double meanWaitS) const {
    (void)meanWaitS;
    return 0.0;
  }
};

// Seam for admission limits beyond the policy's own quotas (which the core
// enforces itself, QuotaLedger): a job the gate refuses is passed over
// without counting as blocked, and WaitFacts says the gate held it.
class StartGate {
 public:
  virtual ~StartGate() = default;
  virtual bool allows(JobSlot slot, const CoreJob& job, DeviceKind kind) const = 0;
};

}  // namespace hetsched
