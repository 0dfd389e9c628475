#include "whatif_simulate.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scorer_catalog.h"
#include "engine/core/scorer_registry.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "policy.pb.h"
#include "whatif_run.h"

#include <memory>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<CompiledPolicy, WhatifError> compileWhatifPolicy(const WhatifWorkload& workload,
                                                              const v1::Policy& policy) {
  auto compiled = compilePolicy(policy);
  if (auto* errors = std::get_if<std::vector<FieldError>>(&compiled))
    return WhatifError{SimError::InvalidPolicy, errors->empty() ? "invalid policy" : errors->front().message()};
  auto& resolved = std::get<CompiledPolicy>(compiled);
  if (workload.cpuPodsOnGpuNodes) resolved.routing.set(JobKind::Batch, DeviceKind::Gpu);
  return std::move(resolved);
}

std::variant<SimResult, WhatifError> simulateWhatif(const WhatifWorkload& workload, PolicyArms arms,
                                                    SimulationOptions options) {
  ScorerRegistry scorers;
  if (!options.scorers) {
    std::vector<JobRequests> requests;
    requests.reserve(workload.jobs.size());
    for (const SimJob& j : workload.jobs) requests.push_back(j.spec.requests);
    addStandardScorers(scorers, std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests)));
    options.scorers = &scorers;
  }
  // A what-if on this machine may read "hybrid:PATH"; a gateway only runs
  // weights carried in the policy. Everything else is refused here exactly
  // as a push is: by the core, naming the field.
  options.weightsFromFiles = true;
  if (workload.topology.nodes.empty()) return WhatifError{SimError::NoNodes, "the cluster has no nodes"};
  const Simulator simulator(workload.topology, std::move(arms), options);
  if (const auto errors = simulator.check(); !errors.empty()) {
    const bool scorer =
        errors.front().field == "placement.external_scorer" || errors.front().field == "placement.hybrid_weights";
    return WhatifError{scorer ? SimError::UnknownScorer : SimError::InvalidPolicy, errors.front().message()};
  }
  auto result = simulator.run(workload.jobs);
  if (auto* e = std::get_if<SimError>(&result)) {
    switch (*e) {
      case SimError::NoNodes: return WhatifError{*e, "the cluster has no nodes"};
      case SimError::Cancelled: return WhatifError{*e, "cancelled"};
      case SimError::UnknownScorer: return WhatifError{*e, "unknown external scorer"};
      case SimError::InvalidPolicy: return WhatifError{*e, "invalid policy"};
    }
  }
  return std::move(std::get<SimResult>(result));
}

}  // namespace hetsched
