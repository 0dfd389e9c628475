#pragma once

#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "fidelity.h"
#include "policy.pb.h"
#include "whatif_source.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// What a workload is, in parts, for front ends that word it themselves
// (the console, in the operator's language); `description` is the CLI's.
struct WorkloadFacts {
  enum class Kind : std::uint8_t { Synthetic, Snapshot, SnapshotCut, Trace, LiveCut };
  Kind kind = Kind::Synthetic;
  std::size_t nodes = 0;    // Synthetic
  std::size_t jobs = 0;     // Synthetic, Snapshot
  std::uint64_t seed = 0;   // Synthetic
  std::string cluster;      // Snapshot, SnapshotCut, LiveCut
  std::size_t running = 0;  // SnapshotCut, LiveCut
  std::size_t queued = 0;
  std::size_t again = 0;
  double horizonS = 0.0;
  std::string path;         // Snapshot, SnapshotCut: the file; Trace: the node list
  std::string podPath;      // Trace
  std::int64_t snapshotId = 0;
};

// A what-if workload: the cluster and the jobs every policy is run on.
struct WhatifWorkload {
  Topology topology;
  std::vector<SimJob> jobs;
  // As in the ATC'23 setting, a GPU cluster runs its CPU-only pods on the
  // GPU nodes' host CPUs: set for trace workloads whose cluster has no CPU
  // node.
  bool cpuPodsOnGpuNodes = false;
  std::string description;
  WorkloadFacts facts;
  std::int64_t snapshotId = 0;  // the snapshot it came from, if any
  // The policy in force when the snapshot was taken, when it names one the
  // engine can run: the baseline a candidate is compared with.
  std::optional<v1::Policy> policyInForce;
  std::string policyInForceProblem;  // why there is none, if a snapshot recorded one
};

// `hetsched whatif --nodes N --synthetic M --seed S --load L`.
WhatifWorkload syntheticWhatifWorkload(std::uint32_t nodes, std::uint64_t jobs, std::uint64_t seed, double load);

// A snapshot's running and queued jobs replayed from the snapshot's cluster:
// arrival is submit time relative to the earliest job, runtime the actual
// one where known, else the estimate, else `defaultRuntimeS`.
WhatifWorkload snapshotWhatifWorkload(const Topology& topology, std::span<const Job> jobs,
                                      double defaultRuntimeS = 600.0);

// Why a run produced no result; `message` says what, in words.
struct WhatifError {
  SimError code = SimError::InvalidPolicy;
  std::string message;
};

// The same snapshot from its cut: jobs running then arrive at 0 pinned to
// their nodes with their remaining runtime, queued ones arrive at 0 in submit
// order, and every job submitted in the last `horizonS` before the cut
// arrives again as much later (the next hour looks like the last). The cut
// is the latest time any job records.
WhatifWorkload snapshotFromCutWorkload(const Topology& topology, std::span<const Job> jobs, double horizonS,
                                       double defaultRuntimeS = 600.0);

// Runs one policy on the workload exactly as `hetsched whatif` does (the CLI
// calls this too, so the console and the CLI cannot drift apart). Unless
// options.scorers is set, the policy's EXTERNAL scorer may be any of the
// ATC'23 family (FGD's target workload taken from the workload's jobs) or a
// trained hybrid ("hybrid:WEIGHTS").
std::variant<SimResult, WhatifError> runWhatifPolicy(const WhatifWorkload& workload, const v1::Policy& policy,
                                                     SimulationOptions options);

// The policy whose run failed, and why.
struct WhatifComparisonError {
  std::string policy;
  WhatifError error;
  // The run was one of the replicas' (whatif_replicas.h), not the
  // comparison's own: front ends say so.
  bool replica = false;
};

// `options` with the SLO targets every policy of a comparison is judged by:
// the baseline's (policies[0]), unless the options already name some. An
// SLO is the operator's promise, the one in force: a candidate that loosens
// its own targets must not score fewer violations for it.
SimulationOptions judgedByBaseline(SimulationOptions options, std::span<const v1::Policy> policies);

// The policy in force when the workload's snapshot was taken, the usual
// baseline; or why there is none the engine can run (the snapshot's policy
// is not one, the snapshot records none, or the workload is no snapshot's).
std::variant<v1::Policy, std::string> policyInForce(const WhatifWorkload& workload);

}  // namespace hetsched

namespace hetsched {

// One policy's run.
struct WhatifOutcome {
  std::string policy;
  SimResult result;
  double wallS = 0.0;
};

// Everything a what-if view shows: one outcome per policy, in the order
// the policies were given (the first is the baseline deltas refer to).
struct WhatifResults {
  std::string workload;
  WorkloadFacts facts;
  Topology topology;
  // Per workload job, in input order (empty when the caller did not fill
  // them): what the views name a job by.
  std::vector<std::string> jobNames;
  std::vector<JobKind> jobKinds;
  std::vector<WhatifOutcome> runs;
  // On a snapshot: how closely the engine reproduces its recorded period
  // (fidelity.h), so a reader knows how far to trust the comparison; or
  // why that could not be measured.
  std::optional<FidelityReport> fidelity;
  std::string fidelityProblem;
};

}  // namespace hetsched
