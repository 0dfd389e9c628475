#include "fidelity.h"

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/scorer_catalog.h"
#include "engine/core/scorer_registry.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "policy.pb.h"
#include "sources/cluster/workload_generator.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

double seconds(std::int64_t ms) { return static_cast<double>(ms) / 1000.0; }

// `v` sorted ascending. (Sorted once by the caller: GCC 12 warned of a
// free of a non-heap object when three by-value copies were inlined.)
double percentile(const std::vector<double>& v, double p) {
  if (v.empty()) return 0.0;
  const auto i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
  return v[std::min(i == 0 ? 0 : i - 1, v.size() - 1)];
}

// Failures and repairs: a node's up flag changing between frames happened
// at the later frame's time (the live cluster applies it at that report).
// Before the frames, a run lost with its node says when the node went down.
std::vector<NodeChange> nodeChangesOf(std::span<const Frame> history, std::span<const Job> jobs) {
  std::vector<NodeChange> out;
  const double first = history.empty() ? INFINITY : seconds(history.front().simTimeMs);
  std::map<std::pair<std::int64_t, std::uint32_t>, bool> lost;
  for (const Job& j : jobs)
    for (const JobRun& r : j.earlierRuns)
      if (r.end == JobRun::End::NodeLost && seconds(r.endMs) < first) lost[{r.endMs, r.node}] = true;
  out.reserve(lost.size());
  for (const auto& [key, _] : lost) out.push_back({seconds(key.first), key.second, false});
  for (std::size_t i = 1; i < history.size(); ++i) {
    const Frame& before = history[i - 1];
    const Frame& now = history[i];
    for (std::uint32_t n = 0; n < now.nodeUp.size() && n < before.nodeUp.size(); ++n)
      if ((now.nodeUp[n] != 0) != (before.nodeUp[n] != 0))
        out.push_back({seconds(now.simTimeMs), n, now.nodeUp[n] != 0});
  }
  return out;
}

StartFidelity summarise(const std::vector<double>& errors, const std::vector<double>& recordedWaits,
                        const std::vector<double>& replayedWaits, std::size_t jobs, std::size_t sameNode,
                        std::size_t within, std::size_t notStarted) {
  StartFidelity f;
  f.jobs = jobs;
  f.sameNode = sameNode;
  f.withinPeriod = within;
  f.notStarted = notStarted;
  std::vector<double> sorted = errors;
  std::ranges::sort(sorted);
  f.errorP50S = percentile(sorted, 0.50);
  f.errorP95S = percentile(sorted, 0.95);
  f.errorP99S = percentile(sorted, 0.99);
  const auto mean = [](const std::vector<double>& v) {
    double sum = 0;
    for (const double x : v) sum += x;
    return v.empty() ? 0.0 : sum / static_cast<double>(v.size());
  };
  f.meanWaitRecordedS = mean(recordedWaits);
  f.meanWaitReplayedS = mean(replayedWaits);
  return f;
}

}  // namespace

double StartFidelity::meanWaitErrorS() const { return std::abs(meanWaitReplayedS - meanWaitRecordedS); }
double StartFidelity::sameNodeShare() const {
  return jobs == 0 ? 0.0 : static_cast<double>(sameNode) / static_cast<double>(jobs);
}
double StartFidelity::withinPeriodShare() const {
  return jobs == 0 ? 0.0 : static_cast<double>(withinPeriod) / static_cast<double>(jobs);
}

bool FidelityReport::exact() const {
  return all.jobs > 0 && all.sameNodeShare() >= 0.99 && all.withinPeriodShare() >= 0.99;
}

std::variant<FidelityReport, std::string> validateRecorded(const Topology& topology, std::span<const Job> jobs,
                                                           std::span<const Frame> history, const v1::Policy& policy) {
  if (topology.nodes.empty()) return std::string("the snapshot's cluster has no nodes");
  if (history.empty()) return std::string("the snapshot records no frames: there is no period to replay");
  auto compiled = compilePolicy(policy);
  if (auto* errors = std::get_if<std::vector<FieldError>>(&compiled))
    return "the policy in force (" + policy.name() +
           ") is not one the engine runs: " + (errors->empty() ? std::string("invalid") : errors->front().message());
  FidelityReport report;
  report.policyName = policy.name();
  report.policyVersion = policy.version();
  report.periodStartS = seconds(history.front().simTimeMs);
  report.periodEndS = seconds(history.back().simTimeMs);
  report.agentPeriodS = topology.agentPeriodMs > 0 ? topology.agentPeriodMs / 1000.0 : 3.0;

  // Every recorded job from its submit time, as the live cluster saw it: its
  // id (the canary split), its true runtime where it completed; one still
  // running at the cut ran past the end, so any runtime that long decides
  // nothing before it.
  std::vector<SimJob> replay;
  std::vector<const Job*> recorded;
  std::vector<JobRequests> requests;
  for (const Job& j : jobs) {
    if (j.state == JobState::Unschedulable) continue;
    SimJob s;
    s.spec = j.spec;
    s.arrivalS = seconds(j.submitTimeMs);
    s.runtimeS = j.state == JobState::Completed && j.actualRuntimeS > 0 ? j.actualRuntimeS : 1e9;
    s.key = j.spec.name;
    s.id = j.id;
    replay.push_back(std::move(s));
    recorded.push_back(&j);
    requests.push_back(j.spec.requests);
    report.canaryJobs += j.arm != 0;
  }
  report.jobsReplayed = replay.size();
  const std::vector<NodeChange> changes = nodeChangesOf(history, jobs);
  report.nodeChanges = changes.size();

  // The scorers the live cluster offers; FGD's target workload is the
  // simulated cluster's own trace sample there, the jobs' mix elsewhere.
  ScorerRegistry scorers;
  addStandardScorers(scorers, topology.source == "sim"
                                  ? traceGpuTarget()
                                  : std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests)));
  SimulationOptions options;
  options.scorers = &scorers;
  options.endS = report.periodEndS;
  options.sampleIntervalS = report.agentPeriodS;  // the live cluster's ticks: its agent periods from 0
  options.tickOriginS = 0.0;
  options.nodeChanges = changes;
  const Simulator simulator(topology, std::get<CompiledPolicy>(std::move(compiled)), options);
  if (const auto errors = simulator.check(); !errors.empty())
    return "the policy in force cannot run on the snapshot's cluster: " + errors.front().message();
  auto ran = simulator.run(replay);
  if (!std::holds_alternative<SimResult>(ran)) return std::string("the replay failed");
  const SimResult& result = std::get<SimResult>(ran);

  struct Tally {
    std::vector<double> errors, recordedWaits, replayedWaits;
    std::size_t jobs = 0, sameNode = 0, within = 0, notStarted = 0;
  };
  Tally all;
  std::array<Tally, 3> byKind;
  // Each job's run at the cut (or its last one): snapshots keep only that
  // run's start and node, so that is what the replay is held to.
  for (std::size_t i = 0; i < recorded.size(); ++i) {
    const Job& j = *recorded[i];
    if (j.startTimeMs < 0 || seconds(j.startTimeMs) < report.periodStartS ||
        seconds(j.startTimeMs) >= report.periodEndS)
      continue;
    if (j.node >= topology.nodes.size()) continue;
    const JobTimeline& tl = result.jobs[i];
    const auto add = [&](Tally& t) {
      ++t.jobs;
      if (tl.lastStartS < 0) {
        ++t.notStarted;
        return;
      }
      const double error = std::abs(tl.lastStartS - seconds(j.startTimeMs));
      t.errors.push_back(error);
      if (error <= report.agentPeriodS) ++t.within;
      if (tl.node == j.node) ++t.sameNode;
      t.recordedWaits.push_back(seconds(j.startTimeMs - j.submitTimeMs));
      t.replayedWaits.push_back(tl.lastStartS - seconds(j.submitTimeMs));
    };
    add(all);
    add(byKind[index(topology.nodes[j.node].kind)]);
  }
  const auto done = [](const Tally& t) {
    return summarise(t.errors, t.recordedWaits, t.replayedWaits, t.jobs, t.sameNode, t.within, t.notStarted);
  };
  report.all = done(all);
  for (std::size_t k = 0; k < byKind.size(); ++k) report.byKind[k] = done(byKind[k]);
  return report;
}

}  // namespace hetsched
