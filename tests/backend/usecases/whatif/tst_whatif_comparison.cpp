// The what-if use case both front ends call: each policy's run is the one
// runWhatifPolicy gives alone, a failing policy is named, cancel stops it,
// and a comparison on a snapshot is recorded in its file only when asked.
#include "builtin_policy.h"
#include "engine/policy/builtin_policies.h"
#include "data/store/snapshot_store.h"
#include "store_test_data.h"
#include "usecases/whatif/whatif_comparison.h"

#include <QTemporaryDir>
#include <QTest>

using namespace hetsched;

namespace {}  // namespace

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
    auto compared = runWhatifComparison(w, policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    const WhatifComparison& c = std::get<WhatifComparison>(compared);
    QVERIFY(!c.recorded);  // not a snapshot, nothing asked
    QCOMPARE(c.results.runs.size(), policies.size());
    QCOMPARE(c.results.workload, w.description);
    QCOMPARE(c.results.jobNames.size(), w.jobs.size());
    QCOMPARE(c.results.jobNames.front(), w.jobs.front().spec.name);
    QCOMPARE(index.load(), policies.size() - 1);
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
    auto compared = runWhatifComparison(w, policies, {});
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
    auto compared = runWhatifComparison(w, policies, options);
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
    auto compared = runWhatifComparison(std::get<WhatifWorkload>(loaded), policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    QVERIFY(!std::get<WhatifComparison>(compared).recorded);
    QVERIFY(!std::get<WhatifComparison>(compared).results.fidelity);
    QCOMPARE(runsIn(), std::size_t{0});

    options.record = true;
    options.fidelity = true;
    compared = runWhatifComparison(std::get<WhatifWorkload>(loaded), policies, options);
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    const WhatifComparison& c = std::get<WhatifComparison>(compared);
    QVERIFY(c.recorded);
    QVERIFY(std::holds_alternative<std::vector<std::int64_t>>(*c.recorded));
    QCOMPARE(std::get<std::vector<std::int64_t>>(*c.recorded).size(), policies.size());
    QCOMPARE(runsIn(), policies.size());
    // Fidelity was measured or said why not.
    QVERIFY(c.results.fidelity || !c.results.fidelityProblem.empty());
  }
};

QTEST_GUILESS_MAIN(TestWhatifComparison)
#include "tst_whatif_comparison.moc"
