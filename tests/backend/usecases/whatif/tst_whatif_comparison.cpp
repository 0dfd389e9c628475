// The what-if use case both front ends call: each policy's run is the one
// runWhatifPolicy gives alone, a failing policy is named, cancel stops it,
// replicas are runWhatifReplicas' own, a comparison on a snapshot is recorded
// in its file (a real SQLite file) only when asked, and the numbers are
// those `hetsched whatif` prints.
#include "builtin_policy.h"
#include "checked_value.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "store_test_data.h"
#include "usecases/whatif/snapshot_files.h"
#include "usecases/whatif/whatif_comparison.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

// A comparison of policies[0] (the baseline) with the rest.
std::variant<WhatifComparison, WhatifComparisonError> compare(const WhatifWorkload& w,
                                                              const std::vector<v1::Policy>& policies,
                                                              const WhatifComparisonOptions& options) {
  return runWhatifComparison(w, policies.front(), std::span(policies).subspan(1), options);
}

// A snapshot file holding one snapshot; its id.
SnapshotId writeSnapshot(const std::string& path) {
  auto store = SnapshotStore::open(path, OpenMode::Create);
  if (!std::holds_alternative<SnapshotStore>(store)) return 0;
  auto saved = std::get<SnapshotStore>(store).save(test::simSnapshot(5, 3));
  return std::holds_alternative<SnapshotId>(saved) ? std::get<SnapshotId>(saved) : 0;
}

}  // namespace

class TestWhatifComparison : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void eachRunIsTheSingleRun() {
    const WhatifWorkload w = syntheticWhatifWorkload(12, 400, 3, 0.9);
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("best-fit"),
                                           test::builtinPolicy("sjf")};
    WhatifComparisonOptions options;
    options.simulation.seed = 3;
    std::atomic<std::size_t> index{99};
    options.policyIndex = &index;
    auto compared = compare(w, policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    const WhatifComparison& c = std::get<WhatifComparison>(compared);
    QVERIFY(!c.recorded);  // not a snapshot, nothing asked
    QCOMPARE(c.results.runs.size(), policies.size());
    QCOMPARE(c.results.workload, w.description);
    QCOMPARE(c.results.jobNames.size(), w.jobs.size());
    QCOMPARE(c.results.jobNames.front(), w.jobs.front().spec.name);
    QCOMPARE(index.load(), policies.size());  // every run done
    for (std::size_t i = 0; i < policies.size(); ++i) {
      QCOMPARE(c.results.runs[i].policy, policies[i].name());
      auto alone = runWhatifPolicy(w, policies[i], options.simulation);
      QVERIFY(std::holds_alternative<SimResult>(alone));
      QVERIFY(std::get<SimResult>(alone).jobs == c.results.runs[i].result.jobs);
      QVERIFY(c.results.runs[i].wallS >= 0.0);
    }
    // The policies differ on this workload, so the runs are not one run thrice.
    QVERIFY(c.results.runs[0].result.summary.waitAvgS != c.results.runs[2].result.summary.waitAvgS);
  }

  void aFailingPolicyIsNamed() {
    const WhatifWorkload w = syntheticWhatifWorkload(6, 50, 1, 0.9);
    v1::Policy broken = test::builtinPolicy("best-fit");
    broken.set_name("broken");
    broken.mutable_placement()->set_kind(v1::PlacementRule::EXTERNAL);
    broken.mutable_placement()->set_external_scorer("no-such-scorer");
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), broken};
    auto compared = compare(w, policies, {});
    QVERIFY(std::holds_alternative<WhatifComparisonError>(compared));
    QCOMPARE(std::get<WhatifComparisonError>(compared).policy, std::string("broken"));
    QVERIFY(!std::get<WhatifComparisonError>(compared).error.message.empty());
  }

  void cancelStops() {
    // The simulator looks at the flag every few thousand events: enough jobs
    // that it does before the run ends.
    const WhatifWorkload w = syntheticWhatifWorkload(20, 20000, 1, 0.9);
    std::atomic<bool> cancel{true};
    WhatifComparisonOptions options;
    options.simulation.cancel = &cancel;
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs")};
    auto compared = compare(w, policies, options);
    QVERIFY(std::holds_alternative<WhatifComparisonError>(compared));
    QVERIFY(std::get<WhatifComparisonError>(compared).error.code == SimError::Cancelled);
  }

  void recordedOnlyWhenAsked() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("snap.hsnap")).toStdString();
    SnapshotId id = 0;
    {
      auto store = SnapshotStore::open(path, OpenMode::Create);
      QVERIFY(std::holds_alternative<SnapshotStore>(store));
      id = std::get<SnapshotId>(std::get<SnapshotStore>(store).save(test::simSnapshot(5, 3)));
    }
    auto loaded = loadSnapshotWorkload(path, id, true);
    QVERIFY(std::holds_alternative<WhatifWorkload>(loaded));
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("best-fit")};
    const auto runsIn = [&] {
      auto store = SnapshotStore::open(path, OpenMode::ReadOnly);
      return std::get<std::vector<WhatIfRun>>(std::get<SnapshotStore>(store).whatIfRuns(id)).size();
    };
    WhatifComparisonOptions options;
    auto compared = compare(std::get<WhatifWorkload>(loaded), policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    QVERIFY(!std::get<WhatifComparison>(compared).recorded);
    QVERIFY(!std::get<WhatifComparison>(compared).results.fidelity);
    QCOMPARE(runsIn(), std::size_t{0});

    options.record = true;
    options.fidelity = true;
    compared = compare(std::get<WhatifWorkload>(loaded), policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    const WhatifComparison& c = std::get<WhatifComparison>(compared);
    VERIFY_HAS_VALUE(c.recorded);
    QVERIFY(std::holds_alternative<std::vector<std::int64_t>>(*c.recorded));
    QCOMPARE(std::get<std::vector<std::int64_t>>(*c.recorded).size(), policies.size());
    QCOMPARE(runsIn(), policies.size());
    // Fidelity was measured or said why not.
    QVERIFY(c.results.fidelity || !c.results.fidelityProblem.empty());
    // Each record is its run: the policy, the baseline, the summary's numbers.
    auto store = SnapshotStore::open(path, OpenMode::ReadOnly);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    const auto runs = std::get<std::vector<WhatIfRun>>(std::get<SnapshotStore>(store).whatIfRuns(id));
    QCOMPARE(runs.size(), policies.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
      QCOMPARE(runs[i].policy.name, policies[i].name());
      const QJsonObject body = QJsonDocument::fromJson(QByteArray::fromStdString(runs[i].resultsJson)).object();
      QCOMPARE(body.value(QStringLiteral("baseline")).toString().toStdString(), policies[0].name());
      const QJsonObject summary = body.value(QStringLiteral("summary")).toObject();
      for (const WhatifMetric& m : whatifMetrics())
        QCOMPARE(summary.value(QString::fromLatin1(m.key)).toDouble(), m.value(c.results.runs[i].result.summary));
    }
  }

  // Replicas asked of the comparison are runWhatifReplicas' of its policies,
  // seeded by the simulation's seed; the progress counts them.
  void replicasAreTheReplicasRun() {
    const WhatifWorkload w = syntheticWhatifWorkload(10, 300, 4, 0.9);
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf")};
    WhatifComparisonOptions options;
    options.simulation.seed = 4;
    options.replicas = 4;
    options.blockS = 200.0;
    std::atomic<std::size_t> done{0};
    options.replicasDone = &done;
    auto compared = compare(w, policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    const WhatifComparison& c = std::get<WhatifComparison>(compared);
    VERIFY_HAS_VALUE(c.replicas);
    QCOMPARE(done.load(), std::size_t{4});
    ReplicaOptions ro;
    ro.replicas = 4;
    ro.seed = 4;
    ro.blockS = 200.0;
    ro.simulation.seed = 4;
    auto alone = runWhatifReplicas(w, policies, ro);
    QVERIFY(std::holds_alternative<ReplicaResults>(alone));
    QCOMPARE(replicasJson(*c.replicas), replicasJson(std::get<ReplicaResults>(alone)));
    // None asked, none run.
    options.replicas = 1;
    compared = compare(w, policies, options);
    QVERIFY(!std::get<WhatifComparison>(compared).replicas);
  }

  // The baseline a front end offers as "in force": the snapshot's policy, or
  // why there is none.
  void policyInForceSaysWhyNot() {
    auto synthetic = policyInForce(syntheticWhatifWorkload(4, 10, 1, 0.5));
    QVERIFY(std::holds_alternative<std::string>(synthetic));
    QVERIFY(std::get<std::string>(synthetic).find("only a snapshot") != std::string::npos);
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("snap.hsnap")).toStdString();
    const SnapshotId id = writeSnapshot(path);
    QVERIFY(id != 0);
    auto loaded = loadSnapshotWorkload(path, id, true);
    QVERIFY(std::holds_alternative<WhatifWorkload>(loaded));
    WhatifWorkload w = std::get<WhatifWorkload>(std::move(loaded));
    // The test snapshot records a policy the engine cannot run: said so.
    QVERIFY(!w.policyInForce);
    auto problem = policyInForce(w);
    QVERIFY(std::holds_alternative<std::string>(problem));
    QVERIFY(std::get<std::string>(problem).find("is not one the engine runs") != std::string::npos);
    w.policyInForceProblem.clear();  // as if it recorded none
    auto none = policyInForce(w);
    QVERIFY(std::holds_alternative<std::string>(none));
    QCOMPARE(std::get<std::string>(none), path + ": the snapshot records no policy");
    w.policyInForce = test::builtinPolicy("sjf");
    auto inForce = policyInForce(w);
    QVERIFY(std::holds_alternative<v1::Policy>(inForce));
    QCOMPARE(std::get<v1::Policy>(inForce).name(), std::string("sjf"));
  }

  // `hetsched whatif` on the same snapshot prints the use case's numbers,
  // replicas included: the CLI is a front end over it, not a second loop.
  void theCliPrintsTheseNumbers() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("snap.hsnap")).toStdString();
    const SnapshotId id = writeSnapshot(path);
    QVERIFY(id != 0);
    const QString json = dir.filePath(QStringLiteral("out.json"));
    QProcess cli;
    cli.start(QStringLiteral(HETSCHED_CLI),
              {QStringLiteral("whatif"), QStringLiteral("--snapshot"), QString::fromStdString(path),
               QStringLiteral("--snapshot-id"), QString::number(id), QStringLiteral("--no-record"),
               QStringLiteral("--policy"), QStringLiteral("fcfs"), QStringLiteral("--policy"), QStringLiteral("sjf"),
               QStringLiteral("--replicas"), QStringLiteral("3"), QStringLiteral("--seed"), QStringLiteral("2"),
               QStringLiteral("--json"), json});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject printed = QJsonDocument::fromJson(file.readAll()).object();

    auto loaded = loadSnapshotWorkload(path, id, true);
    QVERIFY(std::holds_alternative<WhatifWorkload>(loaded));
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf")};
    WhatifComparisonOptions options;
    options.simulation.seed = 2;
    options.replicas = 3;
    auto compared = compare(std::get<WhatifWorkload>(loaded), policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    const WhatifComparison& c = std::get<WhatifComparison>(compared);
    QCOMPARE(printed.value(QStringLiteral("workload")).toString().toStdString(), c.results.workload);
    const QJsonArray runs = printed.value(QStringLiteral("policies")).toArray();
    QCOMPARE(static_cast<std::size_t>(runs.size()), c.results.runs.size());
    for (std::size_t i = 0; i < c.results.runs.size(); ++i) {
      const QJsonObject run = runs[static_cast<qsizetype>(i)].toObject();
      QCOMPARE(run.value(QStringLiteral("name")).toString().toStdString(), c.results.runs[i].policy);
      const QJsonObject summary = run.value(QStringLiteral("summary")).toObject();
      for (const WhatifMetric& m : whatifMetrics())
        QCOMPARE(summary.value(QString::fromLatin1(m.key)).toDouble(), m.value(c.results.runs[i].result.summary));
    }
    VERIFY_HAS_VALUE(c.replicas);
    const QJsonObject replicas = QJsonDocument::fromJson(QByteArray::fromStdString(replicasJson(*c.replicas))).object();
    QCOMPARE(printed.value(QStringLiteral("replicas")).toObject(), replicas);
  }
};

QTEST_GUILESS_MAIN(TestWhatifComparison)
#include "tst_whatif_comparison.moc"
