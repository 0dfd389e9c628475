#include "many_jobs.h"
#include "model/job_search.h"
#include "synthetic_cluster.h"
#include "widgets/heatmap_view.h"

#include <QTest>

using namespace hetsched;

// Issue 14's speed goal for Find: results highlighted within 50 ms over
// 100,000 jobs and 100,000 devices: the search, then the heatmap outlining
// what it found and repainting. `bench_find -median 7` for numbers.
class BenchFind : public QObject {
  Q_OBJECT
private slots:
  void searchAndHighlight_data() {
    QTest::addColumn<QString>("query");
    QTest::newRow("name and state") << QStringLiteral("llama running");
    QTest::newRow("node") << QStringLiteral("gpu-123");
    QTest::newRow("id") << QStringLiteral("#54321");
    QTest::newRow("kind (20,000 jobs)") << QStringLiteral("training");
  }
  void searchAndHighlight() {
    QFETCH(QString, query);
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
    view.replotNow();
    const std::string text = query.toStdString();
    QBENCHMARK {
      const SearchHits hits = index.find(text);
      view.setHighlightedDevices(hits.devices);
      view.replotNow();
    }
  }
};

QTEST_MAIN(BenchFind)
#include "bench_find.moc"
