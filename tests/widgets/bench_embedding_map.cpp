// setPoints + synchronous replot of the job map, the cost of showing a new
// map; the console's job map holds up to 100,000 jobs (issue 17).
// `bench_embedding_map -median 7` for numbers; HETSCHED_RENDER_DIR=/tmp/x
// saves what an operator sees at each size.
#include "base/model/device_kind.h"
#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "widgets/embedding_map_view.h"

#include <QLabel>
#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

using namespace hetsched;

namespace {

// Blobs shaped like a t-SNE result, one per job kind, ~100 map units wide.
std::vector<EmbeddedPoint> blobPoints(int count) {
  std::vector<EmbeddedPoint> points;
  std::uint64_t state = 12345;
  auto uniform = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) / static_cast<double>(1ull << 53);
  };
  const double centres[5][2] = {{-40, 20}, {30, 36}, {0, -30}, {50, -20}, {-36, -24}};
  for (JobId id = 1; id <= static_cast<JobId>(count); ++id) {
    const int c = static_cast<int>(id % 5);
    const double r = 8.0 * std::sqrt(-2.0 * std::log(std::max(uniform(), 1e-9)));
    const double a = 6.283185307 * uniform();
    points.push_back({id, static_cast<float>(centres[c][0] + r * std::cos(a)),
                      static_cast<float>(centres[c][1] + r * std::sin(a)), static_cast<JobKind>(c),
                      static_cast<DeviceKind>(id % 3), c});
  }
  return points;
}

}  // namespace

class BenchEmbeddingMap : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void setPointsAndReplot_data() {
    QTest::addColumn<int>("count");
    QTest::newRow("3k jobs") << 3'000;
    QTest::newRow("30k jobs") << 30'000;
    QTest::newRow("100k jobs") << 100'000;
  }
  void setPointsAndReplot() {
    QFETCH(int, count);
    const std::vector<EmbeddedPoint> points = blobPoints(count);
    EmbeddingMapView view;
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QBENCHMARK {
      view.setPoints(points);
      view.replotNow();
    }
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty()) QVERIFY(view.grab().save(dir + QStringLiteral("/job-map-%1.png").arg(count)));
  }

  // A lasso around half of the map: every point fades, half get rings.
  void selectHalfAndReplot_data() { setPointsAndReplot_data(); }
  void selectHalfAndReplot() {
    QFETCH(int, count);
    const std::vector<EmbeddedPoint> points = blobPoints(count);
    std::vector<JobId> half;
    for (const EmbeddedPoint& p : points) {
      if (p.x < 0) half.push_back(p.job);
    }
    EmbeddingMapView view;
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setPoints(points);
    view.replotNow();
    std::size_t i = 0;
    QBENCHMARK {
      view.setSelectedJobs(i++ % 2 ? std::span<const JobId>() : std::span<const JobId>(half));
      view.replotNow();
    }
  }
};

QTEST_MAIN(BenchEmbeddingMap)
#include "bench_embedding_map.moc"
