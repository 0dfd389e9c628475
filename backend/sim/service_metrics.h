#pragma once

#include "model/job.h"
#include "sim_job.h"
#include "sim_result.h"

#include <array>
#include <span>
#include <vector>

namespace hetsched {

// Target wait per priority class (High, Middle, Low) a job's wait is held
// against for SLO violations. The policy format carries none yet; these are
// the gateway's default job-wait alerts (backend/alert/alert_rule.cpp), so a
// what-if counts the waits the live cluster would have alerted on.
inline constexpr std::array<double, kPriorityClassCount> kDefaultTargetWaitS{300.0, 1800.0, 4 * 3600.0};

// Jain's fairness index of `x`: (sum x)^2 / (n sum x^2), 1 when all are
// equal, 1/n when one gets everything; 1 for no values or all zero.
double jainIndex(std::span<const double> x);

// The metrics the scheduling papers compare policies on, from a run's jobs
// and timelines (docs/metrics.md defines each): p99 JCT, SLO violations,
// goodput, Jain's index of per-team and per-user service, Themis'
// finish-time fairness, and each team's wait and share. gpuHours comes from
// the usage meter, not from here.
void addServiceMetrics(SimSummary& summary, std::span<const SimJob> jobs, std::span<const JobTimeline> timelines,
                       const std::array<double, kPriorityClassCount>& targetWaitS = kDefaultTargetWaitS);

}  // namespace hetsched
