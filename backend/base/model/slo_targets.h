#pragma once

#include "job.h"

#include <array>

namespace hetsched {

// Target wait per priority class (High, Middle, Low), in seconds: a job
// that waits longer is an SLO violation. A policy may set its own
// (policy.proto's SloTargets); these are the defaults, and the gateway's
// built-in job-wait alerts fire at the same waits.
using SloTargets = std::array<double, kPriorityClassCount>;
inline constexpr SloTargets kDefaultTargetWaitS{300.0, 1800.0, 4 * 3600.0};

}  // namespace hetsched
