// The What-if tab's Sweep and Replicas, headless through the console's own
// wiring (PolicyPages, real runners on worker threads): the sweep's points
// are runWhatifSweep's for the same inputs, Cancel stops it, clicking a
// point loads that point's policy into the editor with its difference from
// the base, and the intervals the metrics table shows are
// runWhatifReplicas's, marked significant exactly where the backend says.
// Policies mode: the ticked policies' points are the backend's list sweep,
// labelled, with error bars from replicas, and a click loads that policy.
#include "builtin_policy.h"
#include "default_cluster_cut.h"
#include "engine/policy/policy_diff.h"
#include "policy_pages.h"
#include "sweep_runner.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/sweep_results.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"
#include "usecases/whatif/whatif_sweep.h"
#include "whatif_runner.h"
#include "widgets/pareto_plot.h"
#include "widgets/policy_editor.h"
#include "widgets/sweep_axis_editor.h"
#include "widgets/sweep_policy_list.h"
#include "widgets/sweep_view.h"
#include "widgets/theme.h"
#include "widgets/whatif_metrics_model.h"
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
#include <google/protobuf/util/message_differencer.h>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

#include "sweep_console.h"

class TestSweepView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void parametersListed() {
    const auto params = policyParameters(test::builtinPolicy("seed-score"));
    const auto find = [&](const std::string& path) { return std::ranges::find(params, path, &PolicyParameter::path); };
    QVERIFY(find("placement.priority_factor") != params.end());
    QCOMPARE(find("placement.priority_factor")->value, 1.0);
    QVERIFY(!find("placement.priority_factor")->integral);
    QVERIFY(find("queue.backfill_depth")->integral);
    QVERIFY(find("queue.backfill_depth")->nonNegative);
    // An unset section's fields are offered too; the version is not one.
    QVERIFY(find("migration.utilization_threshold") != params.end());
    QVERIFY(find("version") == params.end());
    QVERIFY(find("name") == params.end());
    // Every one listed is one withParameter sets.
    for (const PolicyParameter& p : params)
      QVERIFY2(std::holds_alternative<v1::Policy>(withParameter(test::builtinPolicy("seed-score"), p.path, 1.0)),
               p.path.c_str());
  }

  // The view's points are runWhatifSweep's for the same inputs, on one
  // thread here against the runner's pool: the same numbers.
  void pointsAreTheBackendsSweep() {
    Console c;
    const WhatifSource source = smallSynthetic(4);
    c.view()->setSource(source);
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    c.view()->addPolicy(test::builtinPolicy("seed-score"), QStringLiteral("built-in"));
    QVERIFY(c.sweep()->axis(0)->setRange(QStringLiteral("placement.priority_factor"), 0, 2, 0.5));
    c.sweep()->setSecondAxis(true);
    QVERIFY(c.sweep()->axis(1)->setRange(QStringLiteral("queue.backfill_depth"), 0, 8, 4));
    QVERIFY(sweepAndWait(c));
    const SweepResults* shown = c.sweep()->results();
    QVERIFY(shown);
    QCOMPARE(shown->points.size(), std::size_t{15});

    const v1::Policy policy = test::builtinPolicy("seed-score");
    std::vector<SweepAxis> axes;
    for (const char* text : {"placement.priority_factor=0:2:0.5", "queue.backfill_depth=0:8:4"})
      axes.push_back(std::get<SweepAxis>(parseSweepAxis(text, policy)));
    SweepOptions options;
    options.threads = 1;
    options.simulation.seed = source.seed;
    auto direct = runWhatifSweep(
        syntheticWhatifWorkload(static_cast<std::uint32_t>(source.nodes), source.jobs, source.seed, source.load),
        policy, axes, options);
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(direct));
    const auto& want = std::get<std::vector<SweepPoint>>(direct);
    QCOMPARE(shown->points.size(), want.size());
    int differing = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
      QCOMPARE(shown->points[i].values, want[i].values);
      bool differs = false;
      for (const WhatifMetric& m : whatifMetrics()) {
        QVERIFY2(m.value(shown->points[i].summary) == m.value(want[i].summary),
                 qPrintable(QStringLiteral("point %1 %2")
                                .arg(i)
                                .arg(QString::fromLatin1(m.key.data(), static_cast<qsizetype>(m.key.size())))));
        differs = differs || m.value(want[i].summary) != m.value(want[0].summary);
      }
      if (differs) ++differing;
    }
    QVERIFY2(differing > 0, "the parameters changed nothing: the comparison would prove nothing");
    // The plot holds every point, and the front is the backend's.
    QCOMPARE(c.sweep()->plot()->pointCount(), want.size());
    QCOMPARE(c.sweep()->front(), paretoFront(want, "wait_avg_s", "gpu_allocation_ratio"));
    QVERIFY(c.sweep()->setMetrics(QStringLiteral("jct_p99_s"), QStringLiteral("jain_teams")));
    QCOMPARE(c.sweep()->front(), paretoFront(want, "jct_p99_s", "jain_teams"));
  }

  // Cancel stops the sweep before its end; the GUI thread kept turning
  // (progress arrived) while the worker ran.
  void cancelStopsIt() {
    Console c;
    WhatifSource source;
    source.nodes = 40;
    source.jobs = 4000;
    c.view()->setSource(source);
    c.view()->addPolicy(test::builtinPolicy("seed-score"), QStringLiteral("built-in"));
    QVERIFY(c.sweep()->axis(0)->setRange(QStringLiteral("placement.priority_factor"), 0, 199, 1));
    QSignalSpy progress(c.pages.sweepRunner(), &SweepRunner::progress);
    QSignalSpy cancelled(c.pages.sweepRunner(), &SweepRunner::cancelled);
    QSignalSpy finished(c.pages.sweepRunner(), &SweepRunner::finished);
    QVERIFY(c.sweep()->run());
    // Wait for the first point, so the cancel lands inside the runs.
    QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(0).toInt() >= 1, 60000);
    c.sweep()->cancel();
    QVERIFY(cancelled.wait(60000));
    QCOMPARE(finished.size(), 0);
    const int done = cancelled.front().at(0).toInt(), total = cancelled.front().at(1).toInt();
    QCOMPARE(total, 200);
    QVERIFY2(done < total, qPrintable(QStringLiteral("%1 of %2").arg(done).arg(total)));
    QVERIFY(!c.pages.sweepRunner()->busy());
    QVERIFY(c.sweep()->results() == nullptr);
    QVERIFY2(c.sweep()->statusText().contains(QStringLiteral("Cancelled")), qPrintable(c.sweep()->statusText()));
    qInfo("cancelled after %d of %d points; %lld progress reports on the GUI thread", done, total,
          static_cast<long long>(progress.size()));
  }

  // A click on a point loads that point's policy into the editor, with
  // its difference from the base, and asks for the Policies tab.
  void clickLoadsThePoint() {
    Console c;
    c.view()->setSource(smallSynthetic(6));
    c.view()->addPolicy(test::builtinPolicy("seed-score"), QStringLiteral("built-in"));
    QVERIFY(c.sweep()->axis(0)->setRange(QStringLiteral("placement.priority_factor"), 0, 3, 0.5));
    c.sweep()->setSecondAxis(true);
    QVERIFY(c.sweep()->axis(1)->setRange(QStringLiteral("queue.backfill_depth"), 0, 8, 4));
    QVERIFY(sweepAndWait(c));
    showSweepTab(c);
    if (QTest::currentTestFailed()) return;
    ParetoPlot* plot = c.sweep()->plot();
    c.pages.editor()->setBasePolicy(test::builtinPolicy("seed-score"), QStringLiteral("test base"));
    QSignalSpy tab(&c.pages, &PolicyPages::policiesTabRequested);
    // Points drawn apart from every other, so a click names one.
    std::vector<int> apart;
    for (int i = 0; i < static_cast<int>(plot->pointCount()); ++i)
      if (plot->pointAt(plot->pixelOf(i)) == i) apart.push_back(i);
    QVERIFY2(apart.size() >= 2, "every point sits on another");
    for (const int i : {apart.front(), apart.back()}) {
      QTest::mouseClick(plot, Qt::LeftButton, {}, plot->pixelOf(i).toPoint());
      const SweepPoint& point = c.sweep()->results()->points[static_cast<std::size_t>(i)];
      const v1::Policy loaded = c.pages.editor()->policy();
      QCOMPARE(loaded.placement().priority_factor(), point.values[0]);
      QCOMPARE(static_cast<double>(loaded.queue().backfill_depth()), point.values[1]);
      // Nothing else changed from the swept policy.
      v1::Policy expected = test::builtinPolicy("seed-score");
      expected.mutable_placement()->set_priority_factor(point.values[0]);
      expected.mutable_queue()->set_backfill_depth(static_cast<std::uint32_t>(point.values[1]));
      QVERIFY(google::protobuf::util::MessageDifferencer::Equals(loaded, expected));
      QVERIFY(c.pages.editor()->touched());
      QCOMPARE(plot->chosen(), i);
      // The editor's difference table lists what differs from the base.
      const auto changes = diffPolicies(c.pages.editor()->basePolicy(), loaded);
      QTableWidget* diff = c.pages.editor()->diffTable();
      QCOMPARE(diff->rowCount(), static_cast<int>(changes.size()));
      for (int r = 0; r < diff->rowCount(); ++r) {
        QCOMPARE(diff->item(r, 0)->text(), QString::fromStdString(changes[static_cast<std::size_t>(r)].field));
        QCOMPARE(diff->item(r, 2)->text(), QString::fromStdString(changes[static_cast<std::size_t>(r)].after));
      }
      QCOMPARE(c.sweep()->pointPolicy(i).SerializeAsString(), loaded.SerializeAsString());
    }
    QCOMPARE(tab.size(), 2);
    // A point's hover text names its values and both metrics.
    const QString text = c.sweep()->pointText(apart.front());
    QVERIFY2(text.contains(QStringLiteral("placement.priority_factor = ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("queue.backfill_depth = ")), qPrintable(text));
  }

  // Replicas: the table's medians, intervals and significance are
  // runWhatifReplicas's for the same workload, policies and seed.
  void intervalsAreTheBackends() {
    Console c;
    const WhatifSource source = smallSynthetic(5);
    c.view()->setSource(source);
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf")};
    for (const v1::Policy& p : policies) c.view()->addPolicy(p, QStringLiteral("built-in"));
    c.view()->setReplicas(12);
    QSignalSpy replicas(c.pages.runner(), &WhatifRunner::replicasFinished);
    QVERIFY(c.view()->run());
    QVERIFY(replicas.wait(120000));
    WhatifMetricsModel* model = c.view()->metricsModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model->replicas());

    ReplicaOptions options;
    options.replicas = 12;
    options.seed = source.seed;
    options.simulation.seed = source.seed;
    options.threads = 1;
    auto direct = runWhatifReplicas(
        syntheticWhatifWorkload(static_cast<std::uint32_t>(source.nodes), source.jobs, source.seed, source.load),
        policies, options);
    QVERIFY(std::holds_alternative<ReplicaResults>(direct));
    const ReplicaResults& want = std::get<ReplicaResults>(direct);
    int significant = 0, not_significant = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
      const ReplicaMetric& m = want.metrics[static_cast<std::size_t>(row)];
      QCOMPARE(model->data(model->index(row, 0), WhatifMetricsModel::KeyRole).toString(),
               QString::fromLatin1(m.key.data(), static_cast<qsizetype>(m.key.size())));
      for (int p = 0; p < 2; ++p) {
        const QModelIndex cell = model->index(row, p + 1);
        const auto at = static_cast<std::size_t>(p);
        QCOMPARE(model->data(cell, WhatifMetricsModel::MedianRole).toDouble(), m.value[at].median);
        QCOMPARE(model->data(cell, WhatifMetricsModel::LowRole).toDouble(), m.value[at].low);
        QCOMPARE(model->data(cell, WhatifMetricsModel::HighRole).toDouble(), m.value[at].high);
        if (p == 0) continue;
        QCOMPARE(model->data(cell, WhatifMetricsModel::DifferenceMedianRole).toDouble(), m.difference[at].median);
        QCOMPARE(model->data(cell, WhatifMetricsModel::DifferenceLowRole).toDouble(), m.difference[at].low);
        QCOMPARE(model->data(cell, WhatifMetricsModel::DifferenceHighRole).toDouble(), m.difference[at].high);
        const bool sig = m.difference[at].excludesZero();
        QCOMPARE(model->data(cell, WhatifMetricsModel::SignificantRole).toBool(), sig);
        // Shown: bold, coloured and starred exactly when significant, and
        // the tooltip says why.
        const QVariant font = model->data(cell, Qt::FontRole);
        QCOMPARE(font.isValid() && font.value<QFont>().bold(), sig);
        QCOMPARE(model->data(cell, Qt::ForegroundRole).isValid(), sig);
        QCOMPARE(model->data(cell, Qt::DisplayRole).toString().endsWith(QStringLiteral("\u00a0*")), sig);
        const QString tip = model->data(cell, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(sig ? QStringLiteral("excludes zero") : QStringLiteral("includes zero")),
                 qPrintable(tip));
        (sig ? significant : not_significant)++;
      }
    }
    // Both kinds occur, so the marks above were tested both ways.
    QVERIFY(significant > 0);
    QVERIFY(not_significant > 0);

    // One run again: the intervals of the old run are not shown beside it.
    c.view()->setReplicas(1);
    QSignalSpy finished(c.pages.runner(), &WhatifRunner::finished);
    QVERIFY(c.view()->run());
    QVERIFY(finished.wait(120000));
    QVERIFY(!model->replicas());
    QVERIFY(!model->data(model->index(0, 1), WhatifMetricsModel::MedianRole).isValid());
  }

  // For a person to look at, light and dark: HETSCHED_SCREENSHOT_DIR.
  void renderScreenshots() {
    const QString dir = qEnvironmentVariable("HETSCHED_SCREENSHOT_DIR");
    if (dir.isEmpty()) QSKIP("set HETSCHED_SCREENSHOT_DIR to write the sweep and interval screenshots");
    QTemporaryDir scratch;
    const WhatifSource source = test::defaultClusterCut(scratch.filePath(QStringLiteral("cut.hsnap")));
    Console c;
    c.view()->setSource(source);
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    c.view()->addPolicy(test::builtinPolicy("seed-score"), QStringLiteral("built-in"));
    c.view()->addPolicy(test::builtinPolicy("sjf"), QStringLiteral("built-in"));
    c.view()->setReplicas(WhatifView::kDefaultReplicas);
    QSignalSpy replicas(c.pages.runner(), &WhatifRunner::replicasFinished);
    QVERIFY(c.view()->run());
    QVERIFY(replicas.wait(300000));
    showSweepTab(c);
    if (QTest::currentTestFailed()) return;
    auto* tabs = qobject_cast<QTabWidget*>(c.sweep()->parentWidget()->parentWidget());
    const auto grabBoth = [&](const QString& name, QWidget* page) {
      for (const bool dark : {false, true}) {
        Theme::instance()->setChoice(dark ? Theme::Choice::Dark : Theme::Choice::Light);
        QCoreApplication::processEvents();
        tabs->setCurrentWidget(page);
        c.sweep()->plot()->replot();
        const QString file = name.arg(dark ? QStringLiteral("dark") : QStringLiteral("light"));
        QVERIFY(c.view()->grab().save(QDir(dir).filePath(file)));
      }
    };
    grabBoth(QStringLiteral("whatif-intervals-%1.png"), tabs->widget(0));
    // On the default cluster's cut seed-score's weights change no
    // placement (every point is one); a loaded synthetic cluster shows a
    // front.
    WhatifSource loaded;
    loaded.nodes = 40;
    loaded.jobs = 2000;
    loaded.load = 0.95;
    c.view()->setSource(loaded);
    c.sweep()->choosePolicy(1);  // seed-score
    QVERIFY(c.sweep()->axis(0)->setRange(QStringLiteral("placement.priority_factor"), 0, 4, 0.25));
    c.sweep()->setSecondAxis(true);
    QVERIFY(c.sweep()->axis(1)->setRange(QStringLiteral("queue.backfill_depth"), 0, 16, 4));
    QVERIFY(c.sweep()->setMetrics(QStringLiteral("wait_avg_s"), QStringLiteral("jct_p99_s")));
    QVERIFY(sweepAndWait(c));
    // The hovered look: the tooltip is a window of its own, so the ring of
    // a chosen point stands in for the pointer.
    c.sweep()->plot()->setChosen(
        static_cast<int>(std::ranges::find(c.sweep()->front(), true) - c.sweep()->front().begin()));
    grabBoth(QStringLiteral("whatif-sweep-%1.png"), c.sweep());
    // Policies mode: six policies, named on the plot, with intervals.
    c.sweep()->setMode(SweepView::Mode::Policies);
    for (const char* name : {"priority-aging", "best-fit", "worst-fit"})
      QVERIFY(c.sweep()->policyList()->setTicked(QString::fromLatin1(name), true, QStringLiteral("built-in")));
    c.sweep()->setReplicas(8);
    QVERIFY(c.sweep()->setMetrics(QStringLiteral("wait_avg_s"), QStringLiteral("jct_p99_s")));
    QVERIFY(sweepAndWait(c));
    c.sweep()->plot()->setChosen(-1);
    grabBoth(QStringLiteral("whatif-sweep-policies-%1.png"), c.sweep());
    Theme::instance()->setChoice(Theme::Choice::System);
  }
};

QTEST_MAIN(TestSweepView)
#include "tst_sweep_view.moc"
