// hetsched validate's use case: a recorded period of the simulated cluster,
// replayed from its recorded arrivals and runtimes under the policy in force,
// is an exact reproduction (the same engine), through a snapshot file too;
// a record the replay cannot match is reported honestly, not hidden.
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "builtin_policy.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "usecases/whatif/fidelity.h"
#include "usecases/whatif/snapshot_files.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

struct Recording {
  Topology topology;
  std::vector<Job> jobs;
  std::vector<Frame> history;
};

// A fresh simulated cluster (no warm-up, so the record holds its whole
// life), `frames` agent reports of it, node failures included.
Recording record(std::uint64_t seed, std::size_t frames, double failuresPerHour, const v1::Policy* policy = nullptr) {
  SimOptions options;
  options.shape = defaultClusterShape(8, 8, 4);
  options.seed = seed;
  options.warmupS = 0.0;
  options.targetLoad = 1.1;
  options.maxRuntimeS = 1800.0;
  options.nodeFailuresPerHour = failuresPerHour;
  options.completedHistory = 1'000'000;
  SimulatedCluster cluster(options);
  if (policy) {
    LivePolicies live;
    live.active = std::get<CompiledPolicy>(compilePolicy(*policy));
    live.activeVersion = 2;
    if (cluster.setPolicies(live)) qFatal("policy refused");
  }
  Recording r;
  r.topology = cluster.topology();
  for (std::size_t i = 0; i < frames; ++i) {
    cluster.step();
    r.history.push_back(cluster.frame());
  }
  const JobState states[] = {JobState::Running, JobState::Queued, JobState::Completed};
  r.jobs = cluster.jobs(states, 1'000'000, nullptr);
  return r;
}

}  // namespace

class TestFidelity : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void simulatedClusterIsReproducedExactly_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("seed");
    QTest::addColumn<double>("failures");
    QTest::newRow("live default, failures") << "live-default" << 1 << 6.0;
    QTest::newRow("live default, seed 2") << "live-default" << 2 << 0.0;
    QTest::newRow("sjf") << "sjf" << 3 << 0.0;
    QTest::newRow("priority-aging (preempts)") << "priority-aging" << 4 << 0.0;
    QTest::newRow("fgd") << "fgd" << 5 << 6.0;
  }
  void simulatedClusterIsReproducedExactly() {
    QFETCH(QString, policy);
    QFETCH(int, seed);
    QFETCH(double, failures);
    const v1::Policy p = policy == "live-default" ? liveDefaultPolicy() : test::builtinPolicy(policy.toStdString());
    const Recording r =
        record(static_cast<std::uint64_t>(seed), 600, failures, policy == "live-default" ? nullptr : &p);
    const auto result = validateRecorded(r.topology, r.jobs, r.history, p);
    QVERIFY2(std::holds_alternative<FidelityReport>(result),
             std::get_if<std::string>(&result) ? std::get<std::string>(result).c_str() : "");
    const FidelityReport& report = std::get<FidelityReport>(result);
    QVERIFY(report.all.jobs > 100);
    if (failures > 0) QVERIFY(report.nodeChanges > 0);
    QCOMPARE(report.all.sameNode, report.all.jobs);
    QCOMPARE(report.all.withinPeriod, report.all.jobs);
    QCOMPARE(report.all.notStarted, std::size_t{0});
    QVERIFY(report.all.errorP99S < 0.01);
    QVERIFY(report.all.meanWaitErrorS() < 0.01);
    QVERIFY(report.exact());
    std::size_t byKind = 0;
    for (const StartFidelity& k : report.byKind) byKind += k.jobs;
    QCOMPARE(byKind, report.all.jobs);
  }

  // The same through a snapshot file, as `hetsched validate` reads it.
  void throughASnapshotFile() {
    const Recording r = record(7, 400, 4.0);
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("v.hsnap")).toStdString();
    auto opened = SnapshotStore::open(path, OpenMode::Create);
    QVERIFY(std::holds_alternative<SnapshotStore>(opened));
    SnapshotData data;
    data.name = "fresh";
    data.topology = r.topology;
    data.jobs = r.jobs;
    data.history = r.history;
    const v1::Policy p = liveDefaultPolicy();
    data.policy = {p.name(), p.version(), policyToJson(p)};
    QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(opened).save(data)));
    const auto result = validateSnapshot(path, 0);
    QVERIFY2(std::holds_alternative<FidelityReport>(result),
             std::get_if<std::string>(&result) ? std::get<std::string>(result).c_str() : "");
    const FidelityReport& report = std::get<FidelityReport>(result);
    QCOMPARE(report.snapshotId, SnapshotId{1});
    QVERIFY2(report.exact(),
             qPrintable(QStringLiteral("%1 jobs, %2 same node, %3 within a period, %4 not started, P50 %5 s")
                            .arg(report.all.jobs)
                            .arg(report.all.sameNode)
                            .arg(report.all.withinPeriod)
                            .arg(report.all.notStarted)
                            .arg(report.all.errorP50S)));
    QVERIFY(report.all.jobs > 50);
  }

  // A record the engine did not make (here: every job's recorded start
  // moved a minute later) is reported as it is, not as exact.
  void aRecordTheReplayDoesNotMatch() {
    Recording r = record(8, 300, 0.0);
    for (Job& j : r.jobs)
      if (j.startTimeMs >= 0) j.startTimeMs += 60'000;
    const auto result = validateRecorded(r.topology, r.jobs, r.history, liveDefaultPolicy());
    QVERIFY(std::holds_alternative<FidelityReport>(result));
    const FidelityReport& report = std::get<FidelityReport>(result);
    QVERIFY(!report.exact());
    QVERIFY(report.all.errorP50S >= 59.0);
  }

  void badInputIsNamed() {
    const auto none = validateSnapshot("/nonexistent/dir/x.hsnap", 0);
    QVERIFY(std::holds_alternative<std::string>(none));
    QVERIFY(std::get<std::string>(none).find("/nonexistent/dir/x.hsnap") != std::string::npos);
    const Recording r = record(9, 10, 0.0);
    const auto noFrames = validateRecorded(r.topology, r.jobs, {}, liveDefaultPolicy());
    QVERIFY(std::holds_alternative<std::string>(noFrames));
    QVERIFY(std::get<std::string>(noFrames).find("no frames") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestFidelity)
#include "tst_fidelity.moc"
