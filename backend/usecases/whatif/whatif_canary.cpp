#include "whatif_canary.h"

#include "engine/core/policy_arms.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
#include "whatif_run.h"
#include "whatif_simulate.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <variant>

namespace hetsched {

std::variant<SimResult, WhatifError> runWhatifCanary(const WhatifWorkload& workload, const v1::Policy& active,
                                                     const v1::Policy& candidate, std::uint32_t percent,
                                                     SimulationOptions options) {
  // Errors name the policy: two are in play.
  const auto named = [](const v1::Policy& policy, WhatifError e) {
    e.message = policy.name() + ": " + e.message;
    return e;
  };
  auto a = compileWhatifPolicy(workload, active);
  if (auto* e = std::get_if<WhatifError>(&a)) return named(active, *e);
  auto c = compileWhatifPolicy(workload, candidate);
  if (auto* e = std::get_if<WhatifError>(&c)) return named(candidate, *e);
  PolicyArms arms;
  arms.active = std::get<CompiledPolicy>(std::move(a));
  arms.activeVersion = 1;
  arms.candidate = std::get<CompiledPolicy>(std::move(c));
  arms.candidateVersion = 2;
  arms.canaryPercent = std::min<std::uint32_t>(percent, 100);
  return simulateWhatif(workload, std::move(arms), options);
}

}  // namespace hetsched
