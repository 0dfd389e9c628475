#include "whatif_canary.h"

#include "engine/scorer_catalog.h"
#include "engine/scorer_registry.h"
#include "frag/frag_scorers.h"
#include "policy/policy_loader.h"
#include "sim/simulator.h"

#include <algorithm>

namespace hetsched {

namespace {

std::variant<CompiledPolicy, WhatifError> compiled(const v1::Policy& policy, bool cpuPodsOnGpuNodes) {
  auto c = compilePolicy(policy);
  if (auto* errors = std::get_if<std::vector<FieldError>>(&c))
    return WhatifError{SimError::InvalidPolicy,
                       policy.name() + ": " + (errors->empty() ? "invalid policy" : errors->front().message())};
  auto& resolved = std::get<CompiledPolicy>(c);
  if (cpuPodsOnGpuNodes) resolved.routing.set(JobKind::Batch, DeviceKind::Gpu);
  return std::move(resolved);
}

}  // namespace

std::variant<SimResult, WhatifError> runWhatifCanary(const WhatifWorkload& workload, const v1::Policy& active,
                                                     const v1::Policy& candidate, std::uint32_t percent,
                                                     SimulationOptions options) {
  auto a = compiled(active, workload.cpuPodsOnGpuNodes);
  if (auto* e = std::get_if<WhatifError>(&a)) return *e;
  auto c = compiled(candidate, workload.cpuPodsOnGpuNodes);
  if (auto* e = std::get_if<WhatifError>(&c)) return *e;
  ScorerRegistry scorers;
  if (!options.scorers) {
    std::vector<JobRequests> requests;
    requests.reserve(workload.jobs.size());
    for (const SimJob& j : workload.jobs) requests.push_back(j.spec.requests);
    addStandardScorers(scorers, std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests)));
    options.scorers = &scorers;
  }
  options.weightsFromFiles = true;
  if (workload.topology.nodes.empty()) return WhatifError{SimError::NoNodes, "the cluster has no nodes"};
  PolicyArms arms;
  arms.active = std::get<CompiledPolicy>(std::move(a));
  arms.activeVersion = 1;
  arms.candidate = std::get<CompiledPolicy>(std::move(c));
  arms.candidateVersion = 2;
  arms.canaryPercent = std::min<std::uint32_t>(percent, 100);
  const Simulator simulator(workload.topology, std::move(arms), options);
  if (const auto errors = simulator.check(); !errors.empty()) {
    const bool scorer = errors.front().field == "placement.external_scorer" ||
                        errors.front().field == "placement.hybrid_weights";
    return WhatifError{scorer ? SimError::UnknownScorer : SimError::InvalidPolicy, errors.front().message()};
  }
  auto result = simulator.run(workload.jobs);
  if (auto* e = std::get_if<SimError>(&result))
    return WhatifError{*e, *e == SimError::Cancelled ? "cancelled" : "the canary run failed"};
  return std::move(std::get<SimResult>(result));
}

}  // namespace hetsched
