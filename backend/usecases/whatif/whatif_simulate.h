#pragma once

#include "engine/core/policy_arms.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
#include "whatif_run.h"

#include <variant>

namespace hetsched {

// What every what-if run shares, for this folder's use cases only (one
// policy, a canary): a policy compiled for the workload (CPU pods routed to
// GPU nodes on GPU-only trace clusters), and a run of the simulator set up
// as `hetsched whatif` sets it up (the ATC'23 scorers with FGD's target from
// the workload's jobs unless options.scorers is set, hybrid weights from
// files, the core's checks naming the field).
std::variant<CompiledPolicy, WhatifError> compileWhatifPolicy(const WhatifWorkload& workload, const v1::Policy& policy);
std::variant<SimResult, WhatifError> simulateWhatif(const WhatifWorkload& workload, PolicyArms arms,
                                                    SimulationOptions options);

}  // namespace hetsched
