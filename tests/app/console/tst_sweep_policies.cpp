// The What-if tab's Sweep in Policies mode, headless through the console's
// own wiring: the ticked policies' points are the backend's list sweep,
// labelled, with error bars from replicas drawn on their own points, and a
// click loads that policy. (Split from tst_sweep_view, which covers the
// parameter grid, Cancel, clicks and the metrics table's intervals.)
#include "builtin_policy.h"
#include "default_cluster_cut.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_diff.h"
#include "engine/policy/policy_loader.h"
#include "policy_pages.h"
#include "sweep_runner.h"
#include "usecases/whatif/sweep_results.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"
#include "usecases/whatif/whatif_sweep.h"
#include "whatif_runner.h"
#include "widgets/pareto_plot.h"
#include "widgets/policy_editor.h"
#include "widgets/sweep_policy_list.h"
#include "widgets/sweep_view.h"
#include "widgets/whatif_view.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QFont>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <google/protobuf/util/message_differencer.h>
#include <variant>
#include <vector>

using namespace hetsched;
#include "sweep_console.h"

using namespace hetsched::test;

class TestSweepPolicies : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // Policies mode: the ticked policies (two listed on the left, a built-in
  // ticked here) run as a list; the points are runWhatifSweep's, each its
  // policy's run alone; each is named on the plot, and a click loads that
  // policy into the editor with its difference from the base.
  void policiesModeIsTheBackends() {
    Console c;
    const WhatifSource source = smallSynthetic(4);
    c.view()->setSource(source);
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    c.view()->addPolicy(test::builtinPolicy("sjf"), QStringLiteral("built-in"));
    c.sweep()->setMode(SweepView::Mode::Policies);
    SweepPolicyList* list = c.sweep()->policyList();
    // Listed on the left: ticked; built-ins: offered, not ticked.
    QCOMPARE(list->ticked().size(), std::size_t{2});
    QVERIFY(list->list()->count() >= 2 + static_cast<int>(builtinPolicies().size()));
    QVERIFY(list->setTicked(QStringLiteral("seed-score"), true, QStringLiteral("built-in")));
    QVERIFY(!list->setTicked(QStringLiteral("no-such-policy"), true));
    // A file (ticked when added) and a saved version on the gateway.
    QTemporaryDir dir;
    v1::Policy tuned = test::builtinPolicy("seed-score");
    tuned.set_name("tuned");
    tuned.mutable_placement()->set_priority_factor(3.0);
    const QString file = dir.filePath(QStringLiteral("tuned.json"));
    {
      QFile out(file);
      QVERIFY(out.open(QIODevice::WriteOnly));
      out.write(QByteArray::fromStdString(policyToJson(tuned)));
    }
    QVERIFY(list->addFile(file, nullptr));
    QString why;
    QVERIFY(!list->addFile(dir.filePath(QStringLiteral("missing.json")), &why));
    QVERIFY2(why.contains(QStringLiteral("missing.json")), qPrintable(why));
    v1::Policy saved = test::builtinPolicy("priority-aging");
    saved.set_version(3);
    c.sweep()->setSavedVersions({{3, saved}});
    QVERIFY(list->setTicked(QStringLiteral("priority-aging"), true, QStringLiteral("v3 on the gateway")));
    QVERIFY(sweepAndWait(c));
    const SweepResults* shown = c.sweep()->results();
    QVERIFY(shown);
    // In the list's order: the What-if tab's, files, saved versions, built-ins.
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf"), tuned, saved,
                                           test::builtinPolicy("seed-score")};
    QCOMPARE(shown->points.size(), policies.size());
    QVERIFY(shown->axes.empty());
    const WhatifWorkload workload =
        syntheticWhatifWorkload(static_cast<std::uint32_t>(source.nodes), source.jobs, source.seed, source.load);
    SweepOptions options;
    options.threads = 1;
    options.simulation.seed = source.seed;
    const auto direct = runWhatifSweep(workload, policies, {}, options);
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(direct));
    const auto& want = std::get<std::vector<SweepPoint>>(direct);
    for (std::size_t i = 0; i < want.size(); ++i) {
      QCOMPARE(shown->points[i].policy, i);
      QCOMPARE(c.sweep()->pointName(static_cast<int>(i)), QString::fromStdString(policies[i].name()));
      SimulationOptions alone;
      alone.seed = source.seed;
      const auto run = runWhatifPolicy(workload, policies[i], alone);
      for (const WhatifMetric& m : whatifMetrics()) {
        QVERIFY(m.value(shown->points[i].summary) == m.value(want[i].summary));
        QVERIFY(m.value(shown->points[i].summary) == m.value(std::get<SimResult>(run).summary));
      }
    }
    QCOMPARE(c.sweep()->front(), paretoFront(want, "wait_avg_s", "gpu_allocation_ratio"));
    QCOMPARE(c.sweep()->plot()->labelCount(), policies.size());
    QVERIFY(!c.sweep()->plot()->hasErrorBars());
    QVERIFY2(c.sweep()->pointText(1).startsWith(QStringLiteral("sjf\n")), qPrintable(c.sweep()->pointText(1)));

    showSweepTab(c);
    if (QTest::currentTestFailed()) return;
    ParetoPlot* plot = c.sweep()->plot();
    c.pages.editor()->setBasePolicy(test::builtinPolicy("fcfs"), QStringLiteral("test base"));
    std::vector<int> apart;
    for (int i = 0; i < static_cast<int>(plot->pointCount()); ++i)
      if (plot->pointAt(plot->pixelOf(i)) == i) apart.push_back(i);
    QVERIFY2(!apart.empty(), "every point sits on another");
    for (const int i : apart) {
      QTest::mouseClick(plot, Qt::LeftButton, {}, plot->pixelOf(i).toPoint());
      const v1::Policy loaded = c.pages.editor()->policy();
      QVERIFY2(google::protobuf::util::MessageDifferencer::Equals(loaded, policies[static_cast<std::size_t>(i)]),
               policies[static_cast<std::size_t>(i)].name().c_str());
      QCOMPARE(plot->chosen(), i);
      const auto changes = diffPolicies(c.pages.editor()->basePolicy(), loaded);
      QCOMPARE(c.pages.editor()->diffTable()->rowCount(), static_cast<int>(changes.size()));
    }
  }

  // Replicas per point: each point's intervals are the backend's for the
  // same seed, drawn as error bars; the front on the medians.
  void sweepReplicasAreTheBackends() {
    Console c;
    const WhatifSource source = smallSynthetic(3);
    c.view()->setSource(source);
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    c.view()->addPolicy(test::builtinPolicy("sjf"), QStringLiteral("built-in"));
    c.sweep()->setMode(SweepView::Mode::Policies);
    c.sweep()->setReplicas(5);
    QSignalSpy progress(c.pages.sweepRunner(), &SweepRunner::progress);
    QVERIFY(sweepAndWait(c));
    QCOMPARE(progress.last().at(1).toInt(), static_cast<int>(sweepRuns(2, 5)));
    const SweepResults* shown = c.sweep()->results();
    QCOMPARE(shown->replicas, std::size_t{5});
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf")};
    SweepOptions options;
    options.threads = 1;
    options.simulation.seed = source.seed;
    options.replicas = 5;
    options.replicaSeed = source.seed;
    const auto direct = runWhatifSweep(
        syntheticWhatifWorkload(static_cast<std::uint32_t>(source.nodes), source.jobs, source.seed, source.load),
        policies, {}, options);
    const auto& want = std::get<std::vector<SweepPoint>>(direct);
    for (std::size_t i = 0; i < want.size(); ++i) {
      QCOMPARE(shown->points[i].intervals.size(), want[i].intervals.size());
      for (std::size_t m = 0; m < want[i].intervals.size(); ++m) {
        QCOMPARE(shown->points[i].intervals[m].median, want[i].intervals[m].median);
        QCOMPARE(shown->points[i].intervals[m].low, want[i].intervals[m].low);
        QCOMPARE(shown->points[i].intervals[m].high, want[i].intervals[m].high);
      }
    }
    QVERIFY(c.sweep()->plot()->hasErrorBars());
    // Each point's bars span its own interval (the graph sorts its points by
    // x; the bars once followed the list's order and so another point's).
    const auto interval = [&](std::size_t point, std::string_view key) {
      const auto metrics = whatifMetrics();
      const auto m = std::ranges::find(metrics, key, &WhatifMetric::key) - metrics.begin();
      return want[point].intervals.at(static_cast<std::size_t>(m));
    };
    QVERIFY(interval(0, "wait_avg_s").median != interval(1, "wait_avg_s").median);
    for (std::size_t i = 0; i < want.size(); ++i) {
      const QRectF drawn = c.sweep()->plot()->drawnInterval(static_cast<int>(i));
      const auto wait = interval(i, "wait_avg_s");
      const auto gpu = interval(i, "gpu_allocation_ratio");
      QVERIFY2(std::abs(drawn.left() - wait.low) < 1e-6 && std::abs(drawn.right() - wait.high) < 1e-6,
               qPrintable(QStringLiteral("point %1: drawn %2..%3, interval %4..%5")
                              .arg(i)
                              .arg(drawn.left())
                              .arg(drawn.right())
                              .arg(wait.low)
                              .arg(wait.high)));
      QVERIFY(std::abs(drawn.top() - gpu.low) < 1e-9 && std::abs(drawn.bottom() - gpu.high) < 1e-9);
    }
    QCOMPARE(c.sweep()->front(), paretoFront(want, "wait_avg_s", "gpu_allocation_ratio"));
    QVERIFY2(c.sweep()->pointText(0).contains(QStringLiteral("95 % interval")), qPrintable(c.sweep()->pointText(0)));
    QVERIFY2(c.sweep()->statusText().contains(QStringLiteral("median over 5 replica")),
             qPrintable(c.sweep()->statusText()));
    // Nothing ticked: no run, and the status says what to do.
    c.sweep()->policyList()->setAllTicked(false);
    QVERIFY(!c.sweep()->run());
    QVERIFY2(c.sweep()->statusText().contains(QStringLiteral("Tick at least one policy")),
             qPrintable(c.sweep()->statusText()));
  }
};

QTEST_MAIN(TestSweepPolicies)
#include "tst_sweep_policies.moc"
