#pragma once

#include "base/model/slo_targets.h"
#include "sim_job.h"
#include "sim_result.h"

#include <span>

namespace hetsched {

// Jain's fairness index of `x`: (sum x)^2 / (n sum x^2), 1 when all are
// equal, 1/n when one gets everything; 1 for no values or all zero.
double jainIndex(std::span<const double> x);

// The metrics the scheduling papers compare policies on, from a run's jobs
// and timelines (docs/metrics.md defines each): p99 JCT, SLO violations,
// goodput, Jain's index of per-team and per-user service, Themis'
// finish-time fairness, and each team's wait and share. SLO violations are
// held against `targetWaitS` (a policy's SloTargets, model/slo_targets.h).
// gpuHours comes from the usage meter, not from here.
void addServiceMetrics(SimSummary& summary, std::span<const SimJob> jobs, std::span<const JobTimeline> timelines,
                       const SloTargets& targetWaitS = kDefaultTargetWaitS);

}  // namespace hetsched
