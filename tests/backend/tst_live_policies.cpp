// The simulated cluster's policy arms: a deterministic canary split of new
// arrivals, per-arm metrics in the frame (and through the frame codec), and
// the queue discipline of the active policy.
#include "cluster/simulated_cluster.h"
#include "policy/builtin_policies.h"
#include "policy/policy_loader.h"
#include "rpc/frame_codec.h"

#include <QTest>

using namespace hetsched;

namespace {

SimOptions quiet(ClusterShape shape = defaultClusterShape()) {
  SimOptions options;
  options.shape = std::move(shape);
  options.targetLoad = 0.0;
  options.warmupS = 0.0;
  options.nodeFailuresPerHour = 0.0;
  return options;
}

CompiledPolicy compiled(const std::string& name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return std::get<CompiledPolicy>(compilePolicy(p));
  qFatal("no built-in policy %s", name.c_str());
}

JobSpec cpuJob(std::string name, std::uint32_t milli, double runtimeS) {
  JobSpec spec;
  spec.name = std::move(name);
  spec.kind = JobKind::Batch;
  spec.priority = PriorityClass::Low;
  spec.qos = Qos::BestEffort;
  spec.requests.cpuMilli = milli;
  spec.requests.memoryMib = 64;
  spec.estimatedRuntimeS = runtimeS;
  return spec;
}

}  // namespace

class TestLivePolicies : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void canarySharesNewArrivals_data() {
    QTest::addColumn<int>("percent");
    QTest::newRow("10%") << 10;
    QTest::newRow("30%") << 30;
    QTest::newRow("50%") << 50;
  }
  void canarySharesNewArrivals() {
    QFETCH(int, percent);
    SimulatedCluster cluster(quiet());
    LivePolicies live;
    live.active = compiled("seed-score");
    live.activeVersion = 4;
    live.candidate = compiled("first-fit");
    live.candidateVersion = 5;
    live.canaryPercent = static_cast<std::uint32_t>(percent);
    QVERIFY(!cluster.setPolicies(live));
    constexpr int kJobs = 400;
    for (int i = 0; i < kJobs; ++i) QVERIFY(std::holds_alternative<JobId>(cluster.submit(cpuJob("j", 100, 3600))));
    cluster.step();

    const auto& arms = cluster.frame().queue.arms;
    QCOMPARE(arms.size(), std::size_t(2));
    QCOMPARE(arms[0].policyVersion, 4u);
    QCOMPARE(arms[1].policyVersion, 5u);
    QCOMPARE(arms[1].policyName, std::string("first-fit"));
    QCOMPARE(arms[0].arrivals + arms[1].arrivals, std::uint64_t(kJobs));
    const double share = static_cast<double>(arms[1].arrivals) / kJobs;
    QVERIFY2(std::abs(share - percent / 100.0) < 0.08, qPrintable(QString::number(share)));
    // Every job fits at once: each arm ran exactly its own arrivals, and the
    // window saw them start the moment they arrived (the core decides at each
    // event's own time, as the what-if does; the old live engine waited for
    // the next agent report, 3 s).
    QCOMPARE(std::uint64_t(arms[1].running), arms[1].arrivals);
    QCOMPARE(std::uint64_t(arms[0].running), arms[0].arrivals);
    QCOMPARE(std::uint64_t(arms[1].startedInWindow), arms[1].arrivals);
    QCOMPARE(arms[1].meanWaitS, 0.0);
    // The split is by job id, so the same id always lands on the same arm.
    for (JobId id = 1; id <= kJobs; ++id)
      QCOMPARE(SimulatedCluster::armFor(id, 30), SimulatedCluster::armFor(id, 30));
  }

  void armsSurviveTheFrameCodec() {
    SimulatedCluster cluster(quiet());
    LivePolicies live;
    live.active = compiled("seed-score");
    live.activeVersion = 1;
    live.candidate = compiled("best-fit");
    live.candidateVersion = 2;
    live.canaryPercent = 30;
    QVERIFY(!cluster.setPolicies(live));
    for (int i = 0; i < 50; ++i) (void)cluster.submit(cpuJob("j", 100, 60));
    cluster.step();
    v1::Frame wire;
    encodeFrame(cluster.frame(), &wire);
    QCOMPARE(wire.queue().arms_size(), 2);
    Frame back;
    QVERIFY(!decodeFrame(wire, cluster.topology().devices.size(), cluster.topology().nodes.size(), &back));
    QVERIFY(back.queue.arms == cluster.frame().queue.arms);
  }

  void withoutCandidateEveryJobIsTheActiveArms() {
    SimulatedCluster cluster(quiet());
    LivePolicies live;
    live.active = compiled("first-fit");
    live.activeVersion = 3;
    QVERIFY(!cluster.setPolicies(live));
    for (int i = 0; i < 100; ++i) (void)cluster.submit(cpuJob("j", 100, 60));
    cluster.step();
    QCOMPARE(cluster.frame().queue.arms.size(), std::size_t(1));
    QCOMPARE(cluster.frame().queue.arms[0].arrivals, 100u);
    live.canaryPercent = 101;
    QVERIFY(cluster.setPolicies(live));  // refused, names the field
  }

  // One CPU node kept busy by a blocker: the queue discipline decides who
  // starts when it ends (FCFS: the long job that came first; SJF: the short).
  void queueDisciplineDecidesWhoStarts_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("first");
    QTest::newRow("fcfs") << "fcfs" << "long";
    QTest::newRow("sjf") << "sjf" << "short";
  }
  void queueDisciplineDecidesWhoStarts() {
    QFETCH(QString, policy);
    QFETCH(QString, first);
    SimulatedCluster cluster(quiet(defaultClusterShape(1, 1, 1)));
    LivePolicies live;
    live.active = compiled(policy.toStdString());
    live.activeVersion = 2;
    QVERIFY(!cluster.setPolicies(live));
    const Topology& t = cluster.topology();
    QVERIFY(t.nodes[0].kind == DeviceKind::Cpu);
    std::uint32_t all = 0;  // every socket of the node
    for (std::uint32_t d = t.nodes[0].firstDevice; d < t.nodes[0].firstDevice + t.nodes[0].deviceCount; ++d)
      all += t.modelOf(d).cores * 1000;
    (void)cluster.submit(cpuJob("blocker", all, 10));
    cluster.step();
    (void)cluster.submit(cpuJob("long", all, 1000));
    (void)cluster.submit(cpuJob("short", all, 100));
    for (int i = 0; i < 10; ++i) cluster.step();
    const std::array running{JobState::Running};
    std::size_t total = 0;
    const auto jobs = cluster.jobs(running, 10, &total);
    QCOMPARE(total, std::size_t(1));
    QCOMPARE(QString::fromStdString(jobs[0].spec.name), first);
  }
};

QTEST_GUILESS_MAIN(TestLivePolicies)
#include "tst_live_policies.moc"
