#pragma once

#include "policy.pb.h"
#include "whatif_record.h"
#include "whatif_run.h"

#include <atomic>
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
  // The index of the policy being run, for a front end's progress.
  std::atomic<std::size_t>* policyIndex = nullptr;
  // On a snapshot workload: also measure how closely the engine reproduces
  // the snapshot's own past (fidelity.h).
  bool fidelity = false;
  // On a snapshot workload: record the runs in its file once they are done.
  bool record = false;
};

// What a comparison produced.
struct WhatifComparison {
  WhatifResults results;
  // Set when recording was asked for on a snapshot: the new run ids, or why
  // the file did not take them.
  std::optional<std::variant<std::vector<std::int64_t>, std::string>> recorded;
};

// The policy whose run failed, and why.
struct WhatifComparisonError {
  std::string policy;
  WhatifError error;
};

// `options` with the SLO targets every policy of a comparison is judged by:
// the baseline's (policies[0]), unless the options already name some. An
// SLO is the operator's promise, the one in force: a candidate that loosens
// its own targets must not score fewer violations for it.
SimulationOptions judgedByBaseline(SimulationOptions options, std::span<const v1::Policy> policies);

// The what-if use case every front end calls: each of `policies` (the first
// is the baseline the others are compared with, usually the policy in force)
// run on the same workload in order, each run's wall time, the job names and
// kinds views label jobs by (SLO violations against the baseline's targets,
// judgedByBaseline), and, as the options ask, the snapshot's
// fidelity and the runs recorded in its file. Stops at the first run that
// fails (or is cancelled); nothing is recorded then.
std::variant<WhatifComparison, WhatifComparisonError> runWhatifComparison(const WhatifWorkload& workload,
                                                                          std::span<const v1::Policy> policies,
                                                                          const WhatifComparisonOptions& options);

}  // namespace hetsched
