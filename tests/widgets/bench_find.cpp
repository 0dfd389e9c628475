#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_filter.h"
#include "base/model/job_search.h"
#include "base/model/topology.h"
#include "many_jobs.h"
#include "synthetic_cluster.h"
#include "widgets/heatmap_view.h"

#include <QTest>
#include <string>
#include <vector>

using namespace hetsched;

// Issue 14's speed goal for Find: results highlighted within 50 ms over
// 100,000 jobs and 100,000 devices: the search, then the heatmap outlining
// what it found and repainting; with filters, the search within them (the
// heatmap veiled by the filter meanwhile), and a filter changed alone (a
// chip added or removed: what passes, then the veil and the repaint). The
// first row repaints only, the baseline the others compare with.
// `bench_find -median 7` for numbers.
class BenchFind : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void searchAndHighlight_data() {
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("filter");
    QTest::newRow("repaint only (baseline)") << QString() << QString();
    QTest::newRow("name and state") << QStringLiteral("llama running") << QString();
    QTest::newRow("node") << QStringLiteral("gpu-123") << QString();
    QTest::newRow("id") << QStringLiteral("#54321") << QString();
    QTest::newRow("kind (20,000 jobs)") << QStringLiteral("training") << QString();
    QTest::newRow("owner, filtered by team and state")
        << QStringLiteral("user7") << QStringLiteral("states=2;teams=search,ads");
    QTest::newRow("name, filtered by kind, priority, node group")
        << QStringLiteral("llama") << QStringLiteral("kinds=3;priorities=1;groups=gpu");
    QTest::newRow("filter alone: team and kind") << QString() << QStringLiteral("kinds=1;teams=vision");
    QTest::newRow("filter alone: node group") << QString() << QStringLiteral("groups=gpu");
  }
  void searchAndHighlight() {
    QFETCH(QString, query);
    QFETCH(QString, filter);
    const Topology topology = testing::makeTopology({{DeviceKind::Cpu, 20, 2}, {DeviceKind::Gpu, 12'495, 8}});
    const std::vector<Job> jobs = testing::manyJobs(topology, 100'000);
    SearchIndex index;
    index.rebuild(topology, jobs);
    HeatmapView view;
    view.resize(1200, 800);
    view.setTopology(topology);
    view.setFrame(testing::makeFrame(topology, 1));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const JobFilter f = JobFilter::parse(filter.toStdString());
    QCOMPARE(f.empty(), filter.isEmpty());
    if (!f.empty() && !query.isEmpty()) view.setShownDevices(index.filtered(f).devices);
    view.replotNow();
    const std::string text = query.toStdString();
    QBENCHMARK {
      if (!text.empty()) {
        const SearchHits hits = index.find(text, f);
        view.setHighlightedDevices(hits.devices);
      } else if (!f.empty()) {
        view.setShownDevices(index.filtered(f).devices);
      }
      view.replotNow();
    }
  }
};

QTEST_MAIN(BenchFind)
#include "bench_find.moc"
