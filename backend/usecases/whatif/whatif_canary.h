#pragma once

#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
#include "whatif_run.h"

#include <cstdint>
#include <variant>

namespace hetsched {

// The cluster during a canary: `active` schedules every job outside the
// canary and `candidate` the `percent` % of arrivals whose id hashes below
// it (the gateway's split, canaryBucket), as a push of `candidate` with that
// share runs until it is promoted. Set up exactly as runWhatifPolicy sets up
// one policy (scorers, hybrid weights from files, routing on GPU-only trace
// clusters); errors name the policy. SLO violations are counted against
// the active policy's targets (the promise in force) unless the options set
// them.
std::variant<SimResult, WhatifError> runWhatifCanary(const WhatifWorkload& workload, const v1::Policy& active,
                                                     const v1::Policy& candidate, std::uint32_t percent,
                                                     SimulationOptions options);

}  // namespace hetsched
