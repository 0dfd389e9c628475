// Time from the Sweep's Run to its plotted points for a 100-point sweep of
// seed-score's priority factor and resource score (10 x 10) on a cut of the default simulated cluster
// (the console's embedded one), median of 3 (or -runs N); and, for the
// Replicas box's default, a what-if of two policies with that many
// replicas on the same cut. The load average is printed beside them: the
// numbers mean little on a busy machine.
#include "builtin_policy.h"
#include "default_cluster_cut.h"
#include "policy_pages.h"
#include "sweep_runner.h"
#include "usecases/whatif/sweep_results.h"
#include "whatif_runner.h"
#include "widgets/pareto_plot.h"
#include "widgets/sweep_axis_editor.h"
#include "widgets/sweep_view.h"
#include "widgets/whatif_view.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

using namespace hetsched;

namespace {

double median(std::vector<double> v) {
  std::ranges::sort(v);
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

QString loadAverage() {
  QFile f(QStringLiteral("/proc/loadavg"));
  return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 2)
                                     : QStringLiteral("unknown");
}

int runs() {
  const int n = qEnvironmentVariableIntValue("HETSCHED_BENCH_RUNS");
  return n > 0 ? n : 3;
}

}  // namespace

class BenchSweepView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() { m_source = test::defaultClusterCut(m_dir.filePath(QStringLiteral("cut.hsnap"))); }

  void sweepRunToPlot() {
    QWidget host;
    PolicyPages pages(nullptr, &host);
    WhatifView* view = pages.whatif();
    view->setSource(m_source);
    view->addPolicy(test::builtinPolicy("seed-score"), QStringLiteral("built-in"));
    SweepView* sweep = view->sweepView();
    // Shown, as an operator sees it: the points are drawn when they arrive.
    pages.policiesTab()->hide();
    auto* layout = new QVBoxLayout(&host);
    layout->addWidget(view);
    qobject_cast<QTabWidget*>(sweep->parentWidget()->parentWidget())->setCurrentWidget(sweep);
    host.resize(1400, 850);
    host.show();
    QVERIFY(QTest::qWaitForWindowExposed(&host));
    // 10 x 10, every value exact in binary.
    QVERIFY(sweep->axis(0)->setRange(QStringLiteral("placement.priority_factor"), 0, 4.5, 0.5));
    sweep->setSecondAxis(true);
    QVERIFY(sweep->axis(1)->setRange(QStringLiteral("placement.resource_score"), 0, 4.5, 0.5));
    std::vector<double> seconds;
    for (int r = 0; r < runs(); ++r) {
      QElapsedTimer clock;
      double plotted = 0.0;
      // After SweepView::setResults (connected first): the points are drawn.
      const auto c = connect(pages.sweepRunner(), &SweepRunner::finished, this,
                             [&] { plotted = static_cast<double>(clock.nsecsElapsed()) / 1e9; });
      QSignalSpy finished(pages.sweepRunner(), &SweepRunner::finished);
      clock.start();
      QVERIFY(sweep->run());
      QVERIFY(finished.wait(600000));
      disconnect(c);
      QCOMPARE(sweep->plot()->pointCount(), std::size_t{100});
      seconds.push_back(plotted);
      qInfo("run %d: %.3f s", r + 1, plotted);
    }
    qInfo("sweep of 100 points on %s, Run to plotted: median %.3f s of %d (%u cores; load average %s)",
          sweep->results()->workload.c_str(), median(seconds), runs(), std::thread::hardware_concurrency(),
          qPrintable(loadAverage()));
  }

  void replicasDefault() {
    QWidget host;
    PolicyPages pages(nullptr, &host);
    WhatifView* view = pages.whatif();
    view->setSource(m_source);
    view->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    view->addPolicy(test::builtinPolicy("seed-score"), QStringLiteral("built-in"));
    for (const int n : {1, WhatifView::kDefaultReplicas}) {
      view->setReplicas(n);
      std::vector<double> seconds;
      for (int r = 0; r < runs(); ++r) {
        QSignalSpy finished(pages.runner(), &WhatifRunner::finished);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(view->run());
        QVERIFY(finished.wait(600000));
        seconds.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e9);
      }
      qInfo(
          "what-if of 2 policies with %d replica(s) on the default cluster's cut, Run to shown: median %.3f s of %d "
          "(load average %s)",
          n, median(seconds), runs(), qPrintable(loadAverage()));
    }
  }

 private:
  QTemporaryDir m_dir;
  WhatifSource m_source;
};

QTEST_MAIN(BenchSweepView)
#include "bench_sweep_view.moc"
