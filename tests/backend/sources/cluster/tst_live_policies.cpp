// The simulated cluster's policy arms: a deterministic canary split of new
// arrivals, per-arm metrics in the frame (and through the frame codec), and
// the queue discipline of the active policy.
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "hetsched.pb.h"
#include "policy.pb.h"
#include "serve/rpc/frame_codec.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QTest>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <variant>
#include <vector>

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

// Busy enough that queues form and loaded nodes stay loaded; short jobs.
SimOptions busy() {
  SimOptions options;
  options.shape = defaultClusterShape(6, 6, 4);
  options.targetLoad = 1.2;
  options.minRuntimeS = 20.0;
  options.maxRuntimeS = 600.0;
  options.warmupS = 0.0;
  options.nodeFailuresPerHour = 0.0;
  options.completedHistory = 100000;
  return options;
}

std::vector<Job> allJobs(const SimulatedCluster& cluster) {
  const std::array all{JobState::Queued, JobState::Running, JobState::Completed};
  std::size_t total = 0;
  return cluster.jobs(all, 100000, &total);
}

std::size_t segments(const std::vector<Job>& jobs, SegmentKind kind) {
  const JobTimeline timeline = timelineFromJobs(jobs, 0);
  return static_cast<std::size_t>(std::ranges::count(timeline.segments, kind, &TimelineSegment::kind));
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
    for (JobId id = 1; id <= kJobs; ++id) QCOMPARE(SimulatedCluster::armFor(id, 30), SimulatedCluster::armFor(id, 30));
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

  // Pushed live, preemption and migration happen, and show: the frame
  // counts them per arm, jobs keep the runs that were cut short, and the
  // timeline draws those as Preempted / Migrated segments.
  void preemptionHappensLiveAndShows() {
    SimulatedCluster cluster(busy());
    LivePolicies live;
    live.active = compiled("seed-score");
    live.activeVersion = 1;
    live.candidate = compiled("priority-aging");
    live.candidateVersion = 2;
    live.canaryPercent = 50;
    QVERIFY(!cluster.setPolicies(live));
    for (int i = 0; i < 1200; ++i) cluster.step();
    const auto& arms = cluster.frame().queue.arms;
    QCOMPARE(arms.size(), std::size_t{2});
    QCOMPARE(arms[0].preemptions, std::uint64_t{0});  // seed-score never preempts
    QVERIFY2(arms[1].preemptions > 0, "the canary preempted nothing");
    const auto jobs = allJobs(cluster);
    std::size_t cut = 0;
    for (const Job& j : jobs)
      for (const JobRun& r : j.earlierRuns) {
        QCOMPARE(int(j.arm), 1);
        cut += r.end == JobRun::End::Preempted;
      }
    QCOMPARE(cut, arms[1].preemptions);
    QVERIFY(segments(jobs, SegmentKind::Preempted) >= cut);
  }

  void migrationHappensLiveAndShows() {
    SimulatedCluster cluster(busy());
    LivePolicies live;
    live.active = compiled("opportunistic");
    live.activeVersion = 3;
    QVERIFY(!cluster.setPolicies(live));
    for (int i = 0; i < 1200; ++i) cluster.step();
    const ArmSummary& arm = cluster.frame().queue.arms.front();
    QVERIFY2(arm.migrations > 0, "nothing moved");
    const auto jobs = allJobs(cluster);
    std::size_t moved = 0;
    for (const Job& j : jobs)
      for (const JobRun& r : j.earlierRuns) {
        moved += r.end == JobRun::End::Migrated;
        if (r.end == JobRun::End::Migrated) QVERIFY(j.spec.interruptible);
      }
    QCOMPARE(moved, arm.migrations);
    QVERIFY(segments(jobs, SegmentKind::Migrated) >= moved);
  }
};

QTEST_GUILESS_MAIN(TestLivePolicies)
#include "tst_live_policies.moc"
