#pragma once

#include "policy.pb.h"
#include "policy_parameter.h"
#include "whatif_comparison.h"

#include <atomic>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

struct SweepOptions {
  unsigned threads = 0;  // 0: one per core; each run is single-threaded
  SimulationOptions simulation;  // every run's (cancel stops the sweep)
  std::atomic<std::size_t>* pointsDone = nullptr;  // for a front end's progress
};

// One point of the grid: the parameters' values (one per axis, in axis
// order) and the run of the policy with them.
struct SweepPoint {
  std::vector<double> values;
  SimSummary summary;
  double wallS = 0.0;
};

// The grid of one or two axes over `policy`, every point run on the same
// workload on a pool of threads; points in row-major order (the last axis
// fastest). Stops at the first run that fails, naming its point.
std::variant<std::vector<SweepPoint>, WhatifComparisonError> runWhatifSweep(const WhatifWorkload& workload,
                                                                            const v1::Policy& policy,
                                                                            std::span<const SweepAxis> axes,
                                                                            const SweepOptions& options);

// Which points are on the Pareto front of two metrics (whatifMetrics()
// keys, each better in its own direction): no other point is at least as
// good on both and better on one. Empty when a key is unknown.
std::vector<bool> paretoFront(std::span<const SweepPoint> points, std::string_view xKey, std::string_view yKey);

}  // namespace hetsched
