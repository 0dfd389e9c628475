#pragma once

#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
#include "whatif_replicas.h"
#include "whatif_run.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// How a comparison runs and what it keeps besides the runs.
struct WhatifComparisonOptions {
  // Every run's options (seed, runtime knowledge); `cancel` stops the
  // comparison, `arrivals` is reset to 0 at each policy's start.
  SimulationOptions simulation;
  // For a front end's progress: the index of the policy being run (0: the
  // baseline), then the number of policies once every one has run.
  std::atomic<std::size_t>* policyIndex = nullptr;
  // On a snapshot workload: also measure how closely the engine reproduces
  // the snapshot's own past (fidelity.h).
  bool fidelity = false;
  // Above 1: after the runs, every policy again on this many replicas of the
  // workload (whatif_replicas.h, seeded by simulation.seed, arrivals
  // resampled in blocks of `blockS`) for each metric's interval and each
  // candidate's paired difference from the baseline.
  std::size_t replicas = 0;
  double blockS = 300.0;
  std::atomic<std::size_t>* replicasDone = nullptr;  // for a front end's progress
  // On a snapshot workload: record the runs in its file once everything
  // asked for has run.
  bool record = false;
};

// What a comparison produced: the baseline's run and each candidate's, in
// order (results.runs[0] is the baseline's).
struct WhatifComparison {
  WhatifResults results;
  // Set when replicas were asked for.
  std::optional<ReplicaResults> replicas;
  // Set when recording was asked for on a snapshot: the new run ids, or why
  // the file did not take them.
  std::optional<std::variant<std::vector<std::int64_t>, std::string>> recorded;
};

// The what-if use case every front end calls (`hetsched whatif`, the
// console's What-if tab): the baseline (usually the policy in force,
// policyInForce) and each candidate run on the same workload in that order,
// each run's wall time, the job names and kinds views label jobs by, SLO
// violations against the baseline's targets (judgedByBaseline), and, as the
// options ask, the replicas' intervals, the snapshot's fidelity and the runs
// recorded in its file. Stops at the first run that fails (or is
// cancelled), a replica's included; nothing is recorded then.
std::variant<WhatifComparison, WhatifComparisonError> runWhatifComparison(const WhatifWorkload& workload,
                                                                          const v1::Policy& baseline,
                                                                          std::span<const v1::Policy> candidates,
                                                                          const WhatifComparisonOptions& options);

}  // namespace hetsched
