// One scheduling core: the same arrivals driven through the what-if
// simulator (an event heap) and through the live simulated cluster (one
// agent period at a time) give the same placements, start times,
// preemptions and migrations, for every built-in policy over several seeds,
// and for a canary split (FGD at 50 %, with GPU-share jobs).
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scorer_catalog.h"
#include "engine/core/scorer_registry.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "policy.pb.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "sources/cluster/workload_generator.h"

#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

constexpr int kSteps = 400;  // 20 minutes of 3 s agent periods

SimOptions busy(std::uint64_t seed) {
  SimOptions options;
  options.shape = defaultClusterShape(6, 6, 4);
  options.seed = seed;
  options.targetLoad = 1.15;  // queues form, so the disciplines differ
  // Short jobs, so that 20 minutes see hundreds of arrivals and completions.
  options.minRuntimeS = 20.0;
  options.maxRuntimeS = 600.0;
  options.warmupS = 0.0;
  options.nodeFailuresPerHour = 0.0;
  options.completedHistory = 1'000'000;
  return options;
}

CompiledPolicy compiled(const v1::Policy& p) { return std::get<CompiledPolicy>(compilePolicy(p)); }

CompiledPolicy builtin(const std::string& name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return compiled(p);
  qFatal("no built-in policy %s", name.c_str());
}

std::vector<Job> everyJob(const SimulatedCluster& cluster) {
  const std::array all{JobState::Queued, JobState::Running, JobState::Completed, JobState::Unschedulable};
  std::size_t total = 0;
  return cluster.jobs(all, 1'000'000, &total);
}

// The live jobs as what-if input: arrivals at their submit times, the true
// runtime of every job that completed; the others ran past the end, so any
// runtime that long decides nothing before it.
std::vector<SimJob> asWhatif(const std::vector<Job>& jobs) {
  std::vector<SimJob> out;
  for (const Job& j : jobs) {
    SimJob s;
    s.spec = j.spec;
    s.arrivalS = static_cast<double>(j.submitTimeMs) / 1000.0;
    s.runtimeS = j.state == JobState::Completed ? j.actualRuntimeS : 1e9;
    s.key = j.spec.name;
    s.id = j.id;
    out.push_back(std::move(s));
  }
  return out;
}

SimResult replay(const Topology& t, const PolicyArms& arms, const std::vector<SimJob>& jobs,
                 const ScorerRegistry& scorers, std::uint64_t seed, double endS) {
  SimulationOptions options;
  options.endS = endS;  // the live run's end: what comes after decides nothing compared
  options.seed = seed;
  options.scorers = &scorers;
  options.sampleIntervalS = 3.0;  // the live cluster's ticks: its agent periods from 0
  options.tickOriginS = 0.0;
  auto result = Simulator(t, arms, options).run(jobs);
  if (!std::holds_alternative<SimResult>(result)) qFatal("what-if refused the policy");
  return std::get<SimResult>(std::move(result));
}

struct Tally {
  std::size_t started = 0;
  std::size_t preempted = 0;
  std::size_t migrated = 0;
};

// Every decision made before `horizonS` must be the same in both.
Tally compare(const std::vector<Job>& live, const SimResult& whatif, double horizonS) {
  Tally tally;
  for (std::size_t i = 0; i < live.size(); ++i) {
    const Job& job = live[i];
    const JobTimeline& tl = whatif.jobs[i];
    const QString who = QString::fromStdString(job.spec.name);
    if (job.state == JobState::Unschedulable) {
      if (tl.state != JobState::Unschedulable)
        QTest::qFail(qPrintable(who + " unschedulable live only"), __FILE__, __LINE__);
      continue;
    }
    const std::int64_t liveStart = job.firstStartMs();
    if (liveStart < 0) {
      // Still waiting at the end: the what-if starts it no earlier.
      if (tl.startS >= 0.0 && tl.startS < horizonS - 1e-9)
        QTest::qFail(qPrintable(who + " started in the what-if only"), __FILE__, __LINE__);
      continue;
    }
    ++tally.started;
    if (std::llround(tl.startS * 1000.0) != liveStart)
      QTest::qFail(
          qPrintable(who + QString(" start %1 ms live, %2 s what-if").arg(liveStart).arg(tl.startS, 0, 'f', 3)),
          __FILE__, __LINE__);
    // The first run's node, and how each run before the horizon ended.
    std::uint32_t firstNode = tl.node;
    double firstEnd = INFINITY;
    std::size_t preemptions = 0, migrations = 0;
    for (const PreemptionEvent& p : whatif.preemptions) {
      if (p.victim != i || p.timeS >= horizonS) continue;
      ++preemptions;
      if (p.timeS < firstEnd) firstEnd = p.timeS, firstNode = p.node;
    }
    for (const SimMove& m : tl.moves) {
      if (m.timeS >= horizonS) continue;
      ++migrations;
      if (m.timeS < firstEnd) firstEnd = m.timeS, firstNode = m.fromNode;
    }
    const std::uint32_t liveFirstNode = job.earlierRuns.empty() ? job.node : job.earlierRuns.front().node;
    if (firstNode != liveFirstNode)
      QTest::qFail(qPrintable(who + QString(" first node %1 live, %2 what-if").arg(liveFirstNode).arg(firstNode)),
                   __FILE__, __LINE__);
    std::size_t livePreemptions = 0, liveMigrations = 0;
    for (const JobRun& r : job.earlierRuns) {
      livePreemptions += r.end == JobRun::End::Preempted;
      liveMigrations += r.end == JobRun::End::Migrated;
    }
    if (preemptions != livePreemptions || migrations != liveMigrations)
      QTest::qFail(qPrintable(who + QString(" preempted %1/%2, migrated %3/%4 (live/what-if)")
                                        .arg(livePreemptions)
                                        .arg(preemptions)
                                        .arg(liveMigrations)
                                        .arg(migrations)),
                   __FILE__, __LINE__);
    // A job that ran once and finished had the same devices throughout.
    if (job.state == JobState::Completed && job.earlierRuns.empty() && tl.preemptions == 0 && tl.migrations == 0 &&
        !std::ranges::equal(job.devices, tl.devices))
      QTest::qFail(qPrintable(who + " devices differ"), __FILE__, __LINE__);
    tally.preempted += livePreemptions;
    tally.migrated += liveMigrations;
  }
  return tally;
}

ScorerRegistry liveScorers() {
  ScorerRegistry registry;
  addStandardScorers(registry, traceGpuTarget());
  return registry;
}

}  // namespace

class TestEngineEquivalence : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void liveEqualsWhatif_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("seed");
    for (const v1::Policy& p : builtinPolicies())
      for (const int seed : {1, 2, 3})
        QTest::newRow(qPrintable(QString::fromStdString(p.name()) + "/" + QString::number(seed)))
            << QString::fromStdString(p.name()) << seed;
  }
  void liveEqualsWhatif() {
    QFETCH(QString, policy);
    QFETCH(int, seed);
    SimulatedCluster cluster(busy(static_cast<std::uint64_t>(seed)));
    PolicyArms arms;
    arms.active = builtin(policy.toStdString());
    arms.activeVersion = 2;
    QVERIFY(!cluster.setPolicies(arms));
    for (int i = 0; i < kSteps; ++i) cluster.step();
    const std::vector<Job> live = everyJob(cluster);
    QVERIFY(live.size() > 100);
    const ScorerRegistry scorers = liveScorers();
    const double endS = static_cast<double>(cluster.nowMs()) / 1000.0;
    const SimResult whatif =
        replay(cluster.topology(), arms, asWhatif(live), scorers, static_cast<std::uint64_t>(seed), endS);
    const Tally tally = compare(live, whatif, endS);
    QVERIFY(tally.started > 100);
    // The policies that move work did move some, so that was compared too.
    if (policy == "srtf" || policy == "priority-aging") QVERIFY2(tally.preempted > 0, "no preemption happened");
    if (policy == "opportunistic") QVERIFY2(tally.migrated > 0, "no migration happened");
  }

  // FGD pushed as a 50 % canary beside the live default: the canary arm
  // places GPU-share jobs (and everything else) exactly as the what-if core
  // does with the same arms on the same arrivals, GPU choice included.
  void fgdCanaryPlacesAsTheWhatif() {
    SimOptions options = busy(7);
    options.targetLoad = 0.9;
    SimulatedCluster cluster(options);
    PolicyArms arms;
    arms.active = liveDefaultCompiled();
    arms.activeVersion = 1;
    arms.candidate = builtin("fgd");
    arms.candidateVersion = 2;
    arms.canaryPercent = 50;
    QVERIFY(!cluster.setPolicies(arms));
    const std::array<std::uint32_t, 4> shares{250, 500, 300, 700};
    for (int i = 0; i < kSteps; ++i) {
      if (i % 2 == 0) {
        JobSpec spec;
        spec.name = "share-" + std::to_string(i);
        spec.kind = JobKind::Training;
        spec.requests = {4000, 8192, 0, shares[static_cast<std::size_t>(i / 2) % shares.size()], 0};
        spec.estimatedRuntimeS = 120.0 + 30.0 * (i % 7);
        QVERIFY(std::holds_alternative<JobId>(cluster.submit(spec)));
      }
      cluster.step();
    }
    const std::vector<Job> live = everyJob(cluster);
    const ScorerRegistry scorers = liveScorers();
    const double endS = static_cast<double>(cluster.nowMs()) / 1000.0;
    const SimResult whatif = replay(cluster.topology(), arms, asWhatif(live), scorers, 7, endS);
    compare(live, whatif, endS);
    std::size_t canaryShares = 0;
    for (std::size_t i = 0; i < live.size(); ++i) {
      const Job& j = live[i];
      if (j.arm != 1 || j.spec.requests.gpuMilli == 0 || j.state != JobState::Completed) continue;
      ++canaryShares;
      QVERIFY(std::ranges::equal(j.devices, whatif.jobs[i].devices));  // the GPU FGD chose for the share
    }
    QVERIFY2(canaryShares > 30, qPrintable(QString::number(canaryShares)));
    const auto& summary = cluster.frame().queue.arms;
    QCOMPARE(summary.size(), std::size_t{2});
    QCOMPARE(summary[1].policyName, std::string("fgd"));
    QVERIFY(summary[1].arrivals > 0 && summary[0].arrivals > 0);
  }
};

QTEST_GUILESS_MAIN(TestEngineEquivalence)
#include "tst_engine_equivalence.moc"
