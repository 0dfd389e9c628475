// The what-if simulator against hand-computed cases: the seed's §2.3 claim
// (SJF halves FCFS's wait), SRTF, aging, the ShouldPreempt rule, energy,
// migration, determinism, and the placement extension point.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/core/core_options.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/scorer_registry.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "engine/sim/synthetic_workload.h"
#include "sim_fixtures.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::testing;

Q_DECLARE_METATYPE(hetsched::PriorityClass)

namespace {

// The seed's §2.3 setting, in milliseconds: a short job runs, then long and
// short jobs arrive together while it does.
std::vector<SimJob> mixedShortLong(bool interruptible) {
  std::vector<SimJob> jobs{job(0.0, 2.0, PriorityClass::Middle, interruptible)};
  const double bursts[] = {12, 1, 10, 2, 1, 8, 3};
  for (int i = 0; i < 7; ++i) jobs.push_back(job(1.0 + 0.1 * i, bursts[i], PriorityClass::Middle, interruptible));
  return jobs;
}

}  // namespace

class TestSim : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void sjfHalvesFcfsWait() {
    const Topology t = oneSlot();
    const auto jobs = mixedShortLong(false);
    const SimSummary fcfs = simulate(t, policy(QueueKind::Fcfs), jobs).summary;
    const SimSummary sjf = simulate(t, policy(QueueKind::Sjf), jobs).summary;
    qInfo("average wait: FCFS %.3f ms, SJF %.3f ms (seed: 15.2 -> 7.1); response FCFS %.3f, SJF %.3f", fcfs.waitAvgS,
          sjf.waitAvgS, fcfs.responseAvgS, sjf.responseAvgS);
    QCOMPARE(fcfs.completed, 8u);
    QVERIFY(qFuzzyCompare(fcfs.waitAvgS, 137.9 / 8));  // hand-computed
    QVERIFY(qFuzzyCompare(sjf.waitAvgS, 58.9 / 8));
    QVERIFY(sjf.waitAvgS <= 0.5 * fcfs.waitAvgS);
    QCOMPARE(sjf.makespanS, fcfs.makespanS);  // same work, one slot: order only moves waits
  }

  void srtfNoWorseThanSjf() {
    const Topology t = oneSlot();
    for (const bool interruptible : {false, true}) {
      const auto jobs = mixedShortLong(interruptible);
      const double sjf = simulate(t, policy(QueueKind::Sjf), jobs).summary.waitAvgS;
      const double srtf = simulate(t, policy(QueueKind::Srtf), jobs).summary.waitAvgS;
      QVERIFY(srtf <= sjf + 1e-9);
    }
    // A long job running when short ones arrive: SRTF preempts it once.
    const std::vector<SimJob> jobs{job(0, 20, PriorityClass::Middle, true), job(1, 1, PriorityClass::Middle, true),
                                   job(2, 2, PriorityClass::Middle, true), job(3, 1, PriorityClass::Middle, true)};
    const SimSummary sjf = simulate(t, policy(QueueKind::Sjf), jobs).summary;
    const SimResult srtf = simulate(t, policy(QueueKind::Srtf), jobs);
    qInfo("long job first: SJF wait %.3f, SRTF wait %.3f", sjf.waitAvgS, srtf.summary.waitAvgS);
    QVERIFY(qFuzzyCompare(sjf.waitAvgS, 57.0 / 4));
    QVERIFY(qFuzzyCompare(srtf.summary.waitAvgS, 5.0 / 4));
    QCOMPARE(srtf.summary.preemptions, 1u);
    QCOMPARE(srtf.jobs[0].endS, 24.0);  // resumed: 1 s done before, 19 s after the three short jobs
  }

  void agingBoundsLowPriorityWait() {
    const Topology t = oneSlot();
    std::vector<SimJob> jobs;
    jobs.reserve(200);
    for (int i = 0; i < 200; ++i) jobs.push_back(job(0.5 * i, 1.0, PriorityClass::High));
    jobs.push_back(job(0.25, 1.0, PriorityClass::Low));
    CompiledPolicy aging = policy(QueueKind::Priority);
    aging.agingIntervalS = 5.0;
    const double start = simulate(t, aging, jobs).jobs.back().startS;
    // Two intervals to rise from low to high, then at most one running job.
    QVERIFY2(start <= 0.25 + 2 * 5.0 + 1.0, qPrintable(QString::number(start)));
    QVERIFY(start >= 0.25 + 2 * 5.0);
    aging.agingIntervalS = 1e9;  // no aging: starves behind the whole stream
    QVERIFY(simulate(t, aging, jobs).jobs.back().startS >= 199.0);
  }

  void preemptionFollowsTheSeedRule_data() {
    QTest::addColumn<PriorityClass>("running");
    QTest::addColumn<bool>("interruptible");
    QTest::addColumn<PriorityClass>("arriving");
    QTest::addColumn<bool>("keepProgress");
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<bool>("preempted");
    QTest::addColumn<double>("victimEnd");
    const auto H = PriorityClass::High, M = PriorityClass::Middle, L = PriorityClass::Low;
    // Victim: 10 s from t = 0; the arrival at t = 1 runs 1 s; restart cost 2 s.
    QTest::newRow("high over low, restart") << L << true << H << false << true << true << 2.0 + 10 + 2;
    QTest::newRow("high over low, resume") << L << true << H << true << true << true << 2.0 + 9 + 2;
    QTest::newRow("middle over low") << L << true << M << false << true << true << 14.0;
    QTest::newRow("not interruptible") << L << false << H << false << true << false << 10.0;
    QTest::newRow("same class") << M << true << M << false << true << false << 10.0;
    QTest::newRow("lower class arrives") << M << true << L << false << true << false << 10.0;
    QTest::newRow("preemption off") << L << true << H << false << false << false << 10.0;
  }

  void preemptionFollowsTheSeedRule() {
    QFETCH(PriorityClass, running);
    QFETCH(bool, interruptible);
    QFETCH(PriorityClass, arriving);
    QFETCH(bool, keepProgress);
    QFETCH(bool, enabled);
    QFETCH(bool, preempted);
    QFETCH(double, victimEnd);
    CompiledPolicy p = policy(QueueKind::Fcfs);
    p.preemption = enabled;
    p.restartCostS = 2.0;
    p.keepProgress = keepProgress;
    const SimResult r = simulate(oneSlot(), p, {job(0, 10, running, interruptible), job(1, 1, arriving)});
    QCOMPARE(r.summary.preemptions, preempted ? 1u : 0u);
    QCOMPARE(r.jobs[1].startS, preempted ? 1.0 : 10.0);
    QCOMPARE(r.jobs[0].endS, victimEnd);
    QCOMPARE(r.jobs[0].startS, 0.0);
    QCOMPARE(r.jobs[0].preemptions, preempted ? 1u : 0u);
    if (preempted) QCOMPARE(r.preemptions.front(), (PreemptionEvent{1.0, 0, 1, 0}));
  }

  // Xeon socket (45 W idle, 150 W TDP, 32 cores) and an idle A100 (50 W):
  // 0-10 s half the socket: 45 + 105 * 0.5 = 97.5 W; 10-20 s all of it: 150 W.
  void energyHandComputed() {
    Topology t;
    const std::optional<DeviceModel> xeon = findBuiltinModel("Xeon");
    const std::optional<DeviceModel> a100 = findBuiltinModel("A100");
    VERIFY_HAS_VALUE(xeon);
    VERIFY_HAS_VALUE(a100);
    t.models = {*xeon, *a100};
    t.nodes = {{"cpu", DeviceKind::Cpu, 0, 1, 0, 4096}, {"gpu", DeviceKind::Gpu, 1, 1, 8000, 4096}};
    t.devices = {{0, 0, 0}, {1, 0, 1}};
    const SimResult r =
        simulate(t, policy(QueueKind::Fcfs),
                 {job(0, 10, PriorityClass::Middle, false, 16000), job(10, 10, PriorityClass::Middle, false, 32000)});
    QCOMPARE(r.summary.makespanS, 20.0);
    QVERIFY(qFuzzyCompare(r.summary.energyJ, 97.5 * 10 + 150.0 * 10 + 50.0 * 20));
    QVERIFY(qFuzzyCompare(r.summary.utilization[index(DeviceKind::Cpu)], 1.0));
    QVERIFY(qFuzzyCompare(r.summary.allocation[index(DeviceKind::Cpu)], 0.75));
    QCOMPARE(r.summary.utilization[index(DeviceKind::Gpu)], 0.0);
    QVERIFY(!r.series.empty());
    QVERIFY(qFuzzyCompare(r.series.front().powerW, 97.5 + 50.0));
  }

  // Two 4-core nodes; first fit stacks A and B on node 0. When C ends on
  // node 1, node 0 (load 1.0) is above the 0.6 threshold and sheds its
  // newest job, B, which pauses 1 s for the hand-over.
  void migrationShedsLoad() {
    Topology t = oneSlot();
    t.models[0].cores = 4;
    t.nodes.push_back({"n1", DeviceKind::Cpu, 1, 1, 0, 1024});
    t.devices.push_back({1, 0, 0});
    CompiledPolicy p = policy(QueueKind::Fcfs, PlacementKind::FirstFit);
    p.migration = true;
    p.migrationThreshold = 0.6;
    p.migrationCostS = 1.0;
    p.migrationMaxPerEvent = 1;
    const auto M = PriorityClass::Middle;
    const SimResult r =
        simulate(t, p, {job(0, 100, M, true, 2000), job(0, 100, M, true, 2000), job(0, 5, M, false, 2000)});
    QCOMPARE(r.summary.migrations, 1u);
    QCOMPARE(r.jobs[1].node, 1u);
    QCOMPARE(r.jobs[1].migrations, 1u);
    QCOMPARE(r.jobs[1].startS, 0.0);
    QCOMPARE(r.jobs[1].endS, 101.0);
    QCOMPARE(r.jobs[0].endS, 100.0);
    p.migration = false;
    QCOMPARE(simulate(t, p, {job(0, 100, M, true, 2000), job(0, 100, M, true, 2000), job(0, 5, M, false, 2000)})
                 .summary.migrations,
             0u);
  }

  void unschedulableJobsAreCounted() {
    std::vector<SimJob> jobs{job(0, 1), job(0, 1, PriorityClass::Middle, false, 2000), job(1, 0)};
    const SimResult r = simulate(oneSlot(), policy(QueueKind::Fcfs), jobs);
    QCOMPARE(r.summary.completed, 1u);
    QCOMPARE(r.summary.unschedulable, 2u);
    QCOMPARE(int(r.jobs[1].reason), int(UnschedulableReason::NeverFits));
    QCOMPARE(int(r.jobs[2].reason), int(UnschedulableReason::InvalidRuntime));
  }

  void weightedRoundRobinInTheSimulator() {
    Topology t = oneSlot();
    t.models[0].cores = 32;
    t.nodes.push_back({"n1", DeviceKind::Cpu, 1, 1, 0, 1024});
    t.devices.push_back({1, 0, 0});
    CompiledPolicy p = policy(QueueKind::Fcfs, PlacementKind::WeightedRoundRobin);
    p.weights = {3, 1};
    std::vector<SimJob> jobs;
    jobs.reserve(8);
    for (int i = 0; i < 8; ++i) jobs.push_back(job(0.1 * i, 100));
    const SimResult r = simulate(t, p, jobs);
    std::vector<std::uint32_t> nodes;
    nodes.reserve(r.jobs.size());
    for (const JobTimeline& j : r.jobs) nodes.push_back(j.node);
    QCOMPARE(nodes, (std::vector<std::uint32_t>{0, 0, 1, 0, 0, 0, 1, 0}));
  }

  void externalScorerPlugsIn() {
    Topology t = oneSlot();
    t.nodes.push_back({"n1", DeviceKind::Cpu, 1, 1, 0, 1024});
    t.devices.push_back({1, 0, 0});
    class LastNode final : public CopyableScorer<LastNode> {
     public:
      std::optional<std::uint32_t> choose(const ScoringContext& c, const PlacementRequest& r, FitOracle& fit) override {
        const auto nodes = c.index.nodesOf(r.kind);
        for (auto it = nodes.rbegin(); it != nodes.rend(); ++it)
          if (fit.fits(*it)) return *it;
        return std::nullopt;
      }
    };
    ScorerRegistry registry;
    registry.add("last-node", [](const ScorerInput&) -> ScorerBuild { return std::make_unique<LastNode>(); });
    CompiledPolicy p = policy(QueueKind::Fcfs, PlacementKind::External);
    p.externalScorer = "last-node";
    SimulationOptions options;
    options.scorers = &registry;
    QCOMPARE(simulate(t, p, {job(0, 1)}, options).jobs[0].node, 1u);
    p.externalScorer = "fgd";
    QVERIFY(std::holds_alternative<SimError>(Simulator(t, p, options).run(std::vector<SimJob>{job(0, 1)})));
  }

  void deterministic_data() {
    QTest::addColumn<QString>("name");
    for (const char* name : {"fcfs", "sjf", "srtf", "priority-aging", "round-robin", "weighted-round-robin",
                             "least-connections", "key-hash", "consistent-hash", "seed-score", "best-fit", "worst-fit"})
      QTest::newRow(name) << QString::fromLatin1(name);
  }

  void deterministic() {
    QFETCH(QString, name);
    const Topology t = syntheticTopology(40);
    const auto jobs = syntheticJobs(t, 4000, 42, 1.1);
    QCOMPARE(syntheticJobs(t, 4000, 42, 1.1).back().arrivalS, jobs.back().arrivalS);
    const CompiledPolicy p = builtin(qPrintable(name));
    const SimResult a = simulate(t, p, jobs);
    const SimResult b = simulate(t, p, jobs);
    QCOMPARE(a.summary.completed, jobs.size());
    QVERIFY(a.jobs == b.jobs);
    QVERIFY(a.preemptions == b.preemptions);
    QCOMPARE(a.series.size(), b.series.size());
    QCOMPARE(a.summary.energyJ, b.summary.energyJ);
    QVERIFY(simulate(t, p, syntheticJobs(t, 4000, 43, 1.1)).jobs != a.jobs);
  }

  // bench sim's backlog workload: the same jobs as the easy one, with a rush
  // in the middle that makes the queue several times deeper than the same
  // jobs paced evenly (measured 159 against 48 waiting at the peak), and
  // that drains (every job completes).
  void backlogWorkloadQueues() {
    const Topology t = syntheticTopology(100);
    const auto easy = syntheticJobs(t, 20000, 5, 0.8);
    const auto backlog = syntheticBacklogJobs(t, 20000, 5, 0.8, 1.6);
    QCOMPARE(backlog.size(), easy.size());
    for (std::size_t i = 0; i < easy.size(); ++i) {
      QVERIFY(backlog[i].spec.requests == easy[i].spec.requests);
      if (i > 0) QVERIFY(backlog[i].arrivalS >= backlog[i - 1].arrivalS);
    }
    QVERIFY(backlog.back().arrivalS < easy.back().arrivalS);
    auto peak = [](const SimResult& r) {
      std::uint32_t most = 0;
      for (const TimeSample& s : r.series) most = std::max(most, s.queued);
      return most;
    };
    const CompiledPolicy sjf = builtin("sjf");
    const SimResult calm = simulate(t, sjf, easy);
    const SimResult rush = simulate(t, sjf, backlog);
    qInfo("peak queue: %u evenly paced, %u with the rush", peak(calm), peak(rush));
    QCOMPARE(rush.summary.completed, backlog.size());
    QVERIFY(peak(rush) > 80);
    QVERIFY(peak(rush) > 2 * std::max<std::uint32_t>(peak(calm), 1));
  }

  // SJF that knows runtimes only from history: after one short (A) and one
  // long (B) job of each shape has completed, it orders like the oracle.
  void sjfFromHistory() {
    const Topology t = oneSlot();
    auto shaped = [](double arrival, double runtime, bool longShape) {
      SimJob j = job(arrival, runtime);
      j.spec.requests.memoryMib = longShape ? 512 : 1;
      return j;
    };
    const std::vector<SimJob> jobs{shaped(0, 1, false),    shaped(2, 10, true),    shaped(20, 1, false),
                                   shaped(20.1, 10, true), shaped(20.2, 10, true), shaped(20.3, 1, false),
                                   shaped(20.4, 1, false)};
    SimulationOptions history;
    history.runtimes = RuntimeKnowledge::History;
    const SimResult learned = simulate(t, policy(QueueKind::Sjf), jobs, history);
    const SimResult oracle = simulate(t, policy(QueueKind::Sjf), jobs);
    QCOMPARE(learned.summary.waitAvgS, oracle.summary.waitAvgS);
    QVERIFY(learned.jobs[5].startS < learned.jobs[3].startS);
    const SimResult fcfs = simulate(t, policy(QueueKind::Fcfs), jobs);
    QVERIFY(learned.summary.waitAvgS < fcfs.summary.waitAvgS);
  }
};

QTEST_GUILESS_MAIN(TestSim)
#include "tst_sim.moc"
