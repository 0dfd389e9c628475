#pragma once

#include "bootstrap.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
#include "policy_parameter.h"
#include "whatif_run.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

struct WhatifMetric;

struct SweepOptions {
  unsigned threads = 0;  // 0: one per core; each run is single-threaded
  SimulationOptions simulation;  // every run's (cancel stops the sweep)
  // Runs done, for a front end's progress: every point's run, then with
  // replicas every point's run on every replica (sweepRuns() in all).
  std::atomic<std::size_t>* pointsDone = nullptr;
  // Above 1: every point is also run on this many replicas of the workload
  // (whatif_replicas.h: arrivals block-bootstrapped, runtimes from the
  // estimator's errors) and carries each metric's median and 95 % interval.
  // Replica r is drawn as runWhatifReplicas draws it from `replicaSeed`, so a
  // point's intervals are those of `hetsched whatif --replicas` of its policy.
  std::size_t replicas = 0;
  std::uint64_t replicaSeed = 1;
  double blockS = 300.0;
};

// One point of a sweep: which of the swept policies (an index), the
// parameters' values (one per axis, in axis order), its run on the workload
// and, with replicas, every metric over them.
struct SweepPoint {
  std::size_t policy = 0;
  std::vector<double> values;
  SimSummary summary;
  double wallS = 0.0;
  // With replicas: whatifMetrics() order; empty without.
  std::vector<Interval> intervals;
};

// How many runs a sweep of `points` points makes with `replicas` replicas.
std::size_t sweepRuns(std::size_t points, std::size_t replicas);

// Every policy of `policies` over the grid of `axes` (none: each policy
// once, a sweep over a list of policies; one or two: the grid for each),
// every point run on the same workload on a pool of threads. Points in
// policy order, each policy's grid row-major (the last axis fastest). Stops
// at the first run that fails, naming its point (sweepPointName).
std::variant<std::vector<SweepPoint>, WhatifComparisonError> runWhatifSweep(const WhatifWorkload& workload,
                                                                            std::span<const v1::Policy> policies,
                                                                            std::span<const SweepAxis> axes,
                                                                            const SweepOptions& options);
// One policy over its grid.
std::variant<std::vector<SweepPoint>, WhatifComparisonError> runWhatifSweep(const WhatifWorkload& workload,
                                                                            const v1::Policy& policy,
                                                                            std::span<const SweepAxis> axes,
                                                                            const SweepOptions& options);

// The policy a point ran: its policy with the point's values set.
v1::Policy sweepPointPolicy(std::span<const v1::Policy> policies, std::span<const SweepAxis> axes,
                            const SweepPoint& point);

// What names each swept policy: its name, and where two share one, " (2)",
// " (3)" after the later ones, so every point of a list has its own name.
std::vector<std::string> sweepPolicyNames(std::span<const v1::Policy> policies);

// A point in words: its policy's name (from sweepPolicyNames) and, on a
// grid, "path=value" for each axis.
std::string sweepPointName(std::span<const std::string> policyNames, std::span<const SweepAxis> axes,
                           const SweepPoint& point);

// A metric of a point as a sweep plots and ranks it: the median over the
// replicas where the point has them, else its run's value.
double sweepValue(const WhatifMetric& metric, const SweepPoint& point);
// The point's interval of the metric, when it has replicas.
const Interval* sweepInterval(const WhatifMetric& metric, const SweepPoint& point);

// Which points are on the Pareto front of two metrics (whatifMetrics()
// keys, each better in its own direction, by sweepValue: the medians when
// there are replicas): no other point is at least as good on both and
// better on one. Empty when a key is unknown.
std::vector<bool> paretoFront(std::span<const SweepPoint> points, std::string_view xKey, std::string_view yKey);

}  // namespace hetsched
