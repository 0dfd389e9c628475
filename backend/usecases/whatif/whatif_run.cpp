#include "whatif_run.h"

#include "base/model/job.h"
#include "engine/core/policy_arms.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/synthetic_workload.h"
#include "policy.pb.h"
#include "whatif_simulate.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

double runtimeOf(const Job& j, double defaultRuntimeS) {
  return j.actualRuntimeS > 0.0           ? j.actualRuntimeS
         : j.spec.estimatedRuntimeS > 0.0 ? j.spec.estimatedRuntimeS
                                          : defaultRuntimeS;
}

SimJob simJobOf(const Job& j, double arrivalS, double runtimeS) {
  SimJob s;
  s.spec = j.spec;
  s.arrivalS = arrivalS;
  s.runtimeS = runtimeS;
  s.key = j.spec.name;
  return s;
}

}  // namespace

WhatifWorkload syntheticWhatifWorkload(std::uint32_t nodes, std::uint64_t jobs, std::uint64_t seed, double load) {
  WhatifWorkload w;
  w.topology = syntheticTopology(nodes);
  w.jobs = syntheticJobs(w.topology, jobs, seed, load);
  w.description = "synthetic cluster of " + std::to_string(nodes) + " nodes, " + std::to_string(jobs) +
                  " synthetic jobs (seed " + std::to_string(seed) + ")";
  w.facts.kind = WorkloadFacts::Kind::Synthetic;
  w.facts.nodes = nodes;
  w.facts.jobs = jobs;
  w.facts.seed = seed;
  return w;
}

WhatifWorkload snapshotWhatifWorkload(const Topology& topology, std::span<const Job> jobs, double defaultRuntimeS) {
  WhatifWorkload w;
  w.topology = topology;
  std::int64_t first = std::numeric_limits<std::int64_t>::max();
  for (const Job& j : jobs) first = std::min(first, j.submitTimeMs);
  // Submit order, so the simulator need not sort and ties keep store order.
  std::vector<const Job*> order;
  for (const Job& j : jobs) order.push_back(&j);
  std::ranges::stable_sort(order, {}, [](const Job* j) { return j->submitTimeMs; });
  w.jobs.reserve(order.size());
  for (const Job* j : order)
    w.jobs.push_back(
        simJobOf(*j, static_cast<double>(j->submitTimeMs - first) / 1000.0, runtimeOf(*j, defaultRuntimeS)));
  w.description = std::to_string(jobs.size()) + " jobs of a snapshot of " + topology.clusterName;
  w.facts.kind = WorkloadFacts::Kind::Snapshot;
  w.facts.jobs = jobs.size();
  w.facts.cluster = topology.clusterName;
  return w;
}

WhatifWorkload snapshotFromCutWorkload(const Topology& topology, std::span<const Job> jobs, double horizonS,
                                       double defaultRuntimeS) {
  WhatifWorkload w;
  w.topology = topology;
  std::int64_t cut = std::numeric_limits<std::int64_t>::min();
  for (const Job& j : jobs) {
    cut = std::max({cut, j.submitTimeMs, j.startTimeMs});
    if (j.state == JobState::Completed) cut = std::max(cut, j.endTimeMs);
  }
  std::vector<const Job*> order;
  for (const Job& j : jobs) order.push_back(&j);
  std::ranges::stable_sort(order, {}, [](const Job* j) { return j->submitTimeMs; });
  std::size_t running = 0, queued = 0, again = 0;
  for (const Job* j : order) {  // the cluster at the cut
    if (j->state == JobState::Running) {
      const double elapsed = static_cast<double>(cut - j->startTimeMs) / 1000.0;
      // A job past its estimate is given a second to finish.
      SimJob s = simJobOf(*j, 0.0, std::max(1.0, runtimeOf(*j, defaultRuntimeS) - elapsed));
      s.pinnedNode = j->node;
      w.jobs.push_back(std::move(s));
      ++running;
    }
  }
  for (const Job* j : order) {
    if (j->state == JobState::Queued) {
      w.jobs.push_back(simJobOf(*j, 0.0, runtimeOf(*j, defaultRuntimeS)));
      ++queued;
    }
  }
  const double horizonMs = horizonS * 1000.0;
  for (const Job* j : order) {  // the next horizon brings what the last one brought
    const double sinceWindow = static_cast<double>(j->submitTimeMs - cut) + horizonMs;
    if (sinceWindow <= 0.0 || horizonS <= 0.0) continue;
    w.jobs.push_back(simJobOf(*j, sinceWindow / 1000.0, runtimeOf(*j, defaultRuntimeS)));
    ++again;
  }
  w.description = "the cut of a snapshot of " + topology.clusterName + ": " + std::to_string(running) + " running, " +
                  std::to_string(queued) + " queued, then the last " +
                  std::to_string(static_cast<long long>(horizonS)) + " s of arrivals again (" + std::to_string(again) +
                  " jobs)";
  w.facts.kind = WorkloadFacts::Kind::SnapshotCut;
  w.facts.cluster = topology.clusterName;
  w.facts.running = running;
  w.facts.queued = queued;
  w.facts.again = again;
  w.facts.horizonS = horizonS;
  return w;
}

std::variant<SimResult, WhatifError> runWhatifPolicy(const WhatifWorkload& workload, const v1::Policy& policy,
                                                     SimulationOptions options) {
  auto compiled = compileWhatifPolicy(workload, policy);
  if (auto* e = std::get_if<WhatifError>(&compiled)) return *e;
  PolicyArms arms;
  arms.active = std::get<CompiledPolicy>(std::move(compiled));
  return simulateWhatif(workload, std::move(arms), options);
}

SimulationOptions judgedByBaseline(SimulationOptions options, std::span<const v1::Policy> policies) {
  if (!options.sloTargetWaitS && !policies.empty()) options.sloTargetWaitS = sloTargetsOf(policies.front());
  return options;
}

std::variant<v1::Policy, std::string> policyInForce(const WhatifWorkload& workload) {
  if (workload.policyInForce) return *workload.policyInForce;
  if (!workload.policyInForceProblem.empty()) return workload.policyInForceProblem;
  if (workload.snapshotId != 0) return workload.facts.path + ": the snapshot records no policy";
  return std::string("only a snapshot workload records the policy in force");
}

}  // namespace hetsched
