// The What-if tab's Sweep and Replicas, headless through the console's own
// wiring (PolicyPages, real runners on worker threads): the sweep's points
// are runWhatifSweep's for the same inputs, Cancel stops it, clicking a
// point loads that point's policy into the editor with its difference from
// the base, and the intervals the metrics table shows are
// runWhatifReplicas's, marked significant exactly where the backend says.
// Policies mode: the ticked policies' points are the backend's list sweep,
// labelled, with error bars from replicas, and a click loads that policy.
#include "default_cluster_cut.h"
#include "builtin_policy.h"
#include "policy/builtin_policies.h"
#include "policy/policy_diff.h"
#include "policy/policy_loader.h"
#include "policy_pages.h"
#include "sweep_runner.h"
#include "widgets/theme.h"
#include "whatif/sweep_results.h"
#include "whatif/whatif_metrics.h"
#include "whatif/whatif_replicas.h"
#include "whatif/whatif_run.h"
#include "whatif/whatif_sweep.h"
#include "whatif_runner.h"
#include "widgets/pareto_plot.h"
#include "widgets/policy_editor.h"
#include "widgets/sweep_axis_editor.h"
#include "widgets/sweep_policy_list.h"
#include "widgets/sweep_view.h"
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

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>

using namespace hetsched;

namespace {

struct Console {
  QWidget host;
  PolicyPages pages{nullptr, &host};
  WhatifView* view() { return pages.whatif(); }
  SweepView* sweep() { return pages.whatif()->sweepView(); }
};

WhatifSource smallSynthetic(std::uint64_t seed) {
  WhatifSource source;
  source.nodes = 12;
  source.jobs = 400;
  source.load = 0.95;
  source.seed = seed;
  return source;
}

// Runs the sweep as the inputs stand and waits for its points.
bool sweepAndWait(Console& c) {
  QSignalSpy finished(c.pages.sweepRunner(), &SweepRunner::finished);
  if (!c.sweep()->run()) return false;
  return finished.wait(120000);
}

void showSweepTab(Console& c) {
  auto* tabs = qobject_cast<QTabWidget*>(c.sweep()->parentWidget()->parentWidget());
  QVERIFY(tabs);
  tabs->setCurrentWidget(c.sweep());
  // The what-if page alone fills the host window, as in the console's tab.
  c.pages.policiesTab()->hide();
  auto* layout = new QVBoxLayout(&c.host);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(c.view());
  c.host.resize(1400, 850);
  c.host.show();
  QVERIFY(QTest::qWaitForWindowExposed(&c.host));
  // The plot's axes are laid out by a replot at its shown size.
  c.sweep()->plot()->replot();
}

}  // namespace

class TestSweepView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void parametersListed() {
    const auto params = policyParameters(test::builtinPolicy("seed-score"));
    const auto find = [&](const std::string& path) {
      return std::ranges::find(params, path, &PolicyParameter::path);
    };
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
      QVERIFY2(std::holds_alternative<v1::Policy>(withParameter(test::builtinPolicy("seed-score"), p.path, 1.0)), p.path.c_str());
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
    auto direct = runWhatifSweep(syntheticWhatifWorkload(static_cast<std::uint32_t>(source.nodes), source.jobs,
                                                         source.seed, source.load),
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
                 qPrintable(QStringLiteral("point %1 %2").arg(i).arg(QString::fromLatin1(m.key.data(), static_cast<qsizetype>(m.key.size())))));
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
                              .arg(i).arg(drawn.left()).arg(drawn.right()).arg(wait.low).arg(wait.high)));
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
        QVERIFY2(tip.contains(sig ? QStringLiteral("excludes zero") : QStringLiteral("includes zero")), qPrintable(tip));
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
    c.sweep()->plot()->setChosen(static_cast<int>(std::ranges::find(c.sweep()->front(), true) - c.sweep()->front().begin()));
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
