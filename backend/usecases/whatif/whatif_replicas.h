#pragma once

#include "bootstrap.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
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

// How the replicas of a what-if are drawn and run.
struct ReplicaOptions {
  std::size_t replicas = 30;
  std::uint64_t seed = 1;  // the same seed draws the same replicas
  // Arrivals are resampled in blocks this long, so a burst stays a burst.
  double blockS = 300.0;
  unsigned threads = 0;  // 0: one per core; each run is single-threaded
  SimulationOptions simulation;  // every run's (cancel stops them all)
  std::atomic<std::size_t>* replicasDone = nullptr;  // for a front end's progress
};

// One metric over the replicas: each policy's median and 95 % interval, and
// each policy's paired difference from the baseline (policy 0; its own entry
// is all zero). A difference is significant only when its interval
// excludes zero.
struct ReplicaMetric {
  std::string_view key;
  std::vector<Interval> value;
  std::vector<Interval> difference;
};

struct ReplicaResults {
  std::vector<std::string> policies;
  std::size_t replicas = 0;
  std::uint64_t seed = 0;
  std::vector<ReplicaMetric> metrics;  // in whatifMetrics() order
  std::size_t runtimeErrors = 0;       // the estimator errors runtimes were drawn from
};

// {"replicas": N, "seed": S, "runtime_errors": K, "policies": [{"name": ...,
//  "metrics": {"wait_avg_s": {"median", "low", "high"}, ...},
//  "difference": {"wait_avg_s": {"median", "low", "high", "significant"}, ...}}]}
std::string replicasJson(const ReplicaResults& results);

// The runtime estimator on the workload's own history: each job, in
// arrival order, predicted by RuntimePredictor's median from the jobs
// before it; `predicted[i]` is jobs[i]'s prediction (0: none), `errors` the
// log(actual / predicted) of every job that had one.
struct RuntimeErrors {
  std::vector<double> predicted;
  std::vector<double> errors;
};
RuntimeErrors runtimeErrors(std::span<const SimJob> jobs);

// One replica of a workload: the jobs present at time 0 (running, queued)
// stay; the arrivals after it are a moving-block bootstrap of the recorded
// arrivals over the same span (blocks of `blockS` seconds); and every job
// not already running that the estimator predicted takes as its runtime the
// prediction times exp(e), e drawn from the errors: what the job might take,
// given what the estimator would have said (unchanged without errors).
WhatifWorkload replicaWorkload(const WhatifWorkload& base, const RuntimeErrors& errors, double blockS,
                               std::uint64_t seed);

// The seed replica `r` of a run seeded `seed` is drawn from: its own stream,
// whichever thread draws it (runWhatifReplicas and sweeps with replicas
// alike, so their replicas are the same).
std::uint64_t replicaSeed(std::uint64_t seed, std::size_t r);

// Every policy on each of `options.replicas` replicas (the same replica for
// every policy, so differences are paired), on a pool of threads, and the
// intervals of every metric. Stops at the first run that fails.
std::variant<ReplicaResults, WhatifComparisonError> runWhatifReplicas(const WhatifWorkload& workload,
                                                                      std::span<const v1::Policy> policies,
                                                                      const ReplicaOptions& options);

}  // namespace hetsched
