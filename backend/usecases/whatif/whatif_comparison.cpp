#include "whatif_comparison.h"

#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "fidelity.h"
#include "policy.pb.h"
#include "snapshot_files.h"
#include "whatif_replicas.h"
#include "whatif_run.h"

#include <chrono>
#include <cstddef>
#include <span>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<WhatifComparison, WhatifComparisonError> runWhatifComparison(const WhatifWorkload& workload,
                                                                          const v1::Policy& baseline,
                                                                          std::span<const v1::Policy> candidates,
                                                                          const WhatifComparisonOptions& options) {
  std::vector<v1::Policy> policies{baseline};
  policies.insert(policies.end(), candidates.begin(), candidates.end());
  WhatifComparison out;
  WhatifResults& results = out.results;
  results.workload = workload.description;
  results.facts = workload.facts;
  results.topology = workload.topology;
  results.jobNames.reserve(workload.jobs.size());
  results.jobKinds.reserve(workload.jobs.size());
  for (const SimJob& job : workload.jobs) {
    results.jobNames.push_back(job.spec.name);
    results.jobKinds.push_back(job.spec.kind);
  }
  const SimulationOptions simulation = judgedByBaseline(options.simulation, policies);
  for (std::size_t i = 0; i < policies.size(); ++i) {
    if (options.policyIndex) options.policyIndex->store(i);
    if (options.simulation.arrivals) options.simulation.arrivals->store(0);
    const auto t0 = std::chrono::steady_clock::now();
    auto run = runWhatifPolicy(workload, policies[i], simulation);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (auto* e = std::get_if<WhatifError>(&run))
      return WhatifComparisonError{policies[i].name(), std::move(*e), false};
    results.runs.push_back({policies[i].name(), std::get<SimResult>(std::move(run)), wall});
  }
  if (options.policyIndex) options.policyIndex->store(policies.size());
  if (options.replicas > 1) {
    ReplicaOptions ro;
    ro.replicas = options.replicas;
    ro.seed = options.simulation.seed;
    ro.blockS = options.blockS;
    ro.simulation = options.simulation;
    ro.simulation.arrivals = nullptr;  // the pool's runs would share it: progress counts replicas instead
    ro.replicasDone = options.replicasDone;
    auto ran = runWhatifReplicas(workload, policies, ro);
    if (auto* e = std::get_if<WhatifComparisonError>(&ran)) return std::move(*e);
    out.replicas = std::get<ReplicaResults>(std::move(ran));
  }
  if (workload.snapshotId == 0) return out;
  if (options.fidelity) {
    auto fidelity = validateSnapshot(workload.facts.path, workload.snapshotId);
    if (auto* report = std::get_if<FidelityReport>(&fidelity)) results.fidelity = *report;
    else results.fidelityProblem = std::get<std::string>(fidelity);
  }
  if (options.record) {
    const auto nowMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    out.recorded = recordWhatifRuns(workload.facts.path, workload.snapshotId, policies, results, nowMs);
  }
  return out;
}

}  // namespace hetsched
