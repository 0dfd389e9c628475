#pragma once

#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "policy.pb.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <variant>

namespace hetsched {

// How closely the replay of a recorded period reproduces what happened,
// over a set of jobs: those whose run at the cut (or last run) started in
// the period. A snapshot keeps only that run of a job that was preempted,
// moved or lost with its node, so that run is compared.
struct StartFidelity {
  std::size_t jobs = 0;          // compared: that run started within the period
  std::size_t sameNode = 0;      // the replay's run on the recorded node
  std::size_t withinPeriod = 0;  // the replay's start within one agent period of the record
  std::size_t notStarted = 0;    // the replay did not start them before the period's end
  // |replayed - recorded| start of that run, seconds, over the jobs both started.
  double errorP50S = 0.0;
  double errorP95S = 0.0;
  double errorP99S = 0.0;
  double meanWaitRecordedS = 0.0;  // that run's start - submit
  double meanWaitReplayedS = 0.0;
  double meanWaitErrorS() const;
  double sameNodeShare() const;
  double withinPeriodShare() const;
};

// `hetsched validate` and the what-if page's fidelity line: the recorded
// period replayed under the policy in force, from the recorded arrivals and
// actual runtimes, against what happened. On a snapshot of the simulated
// cluster this is an exact reproduction (the same engine), if the snapshot
// holds every job since the cluster started; elsewhere it says how far a
// what-if on this snapshot can be trusted.
struct FidelityReport {
  std::int64_t snapshotId = 0;
  std::string policyName;
  std::uint64_t policyVersion = 0;
  double periodStartS = 0.0;  // the recorded frames' span
  double periodEndS = 0.0;
  double agentPeriodS = 3.0;
  std::size_t jobsReplayed = 0;  // every recorded job, from its submit time
  std::size_t nodeChanges = 0;   // failures and repairs seen in the frames (and lost runs)
  // Jobs the recorded canary candidate scheduled: the snapshot records only
  // the active policy, so they are replayed under it.
  std::size_t canaryJobs = 0;
  StartFidelity all;
  std::array<StartFidelity, 3> byKind{};  // by the recorded node's device kind
  // At least 99 % of the jobs on the same node and within one agent period.
  bool exact() const;
};

// The replay itself, on data already loaded.
std::variant<FidelityReport, std::string> validateRecorded(const Topology& topology, std::span<const Job> jobs,
                                                           std::span<const Frame> history, const v1::Policy& policy);

}  // namespace hetsched
