#include "base/model/device_kind.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "synthetic_timeline.h"
#include "widgets/queue_timeline_view.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <utility>

using namespace hetsched;

// One pan step plus a synchronous repaint of the queue timeline, the cost of
// dragging it. The goal is 16 ms with 100,000 segments on a 1200×800 widget.
class BenchTimeline : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void panAndRepaint_data() {
    QTest::addColumn<int>("segments");
    QTest::addColumn<double>("windowHours");
    QTest::addColumn<int>("fold");  // 0 none, 1 nodes, 2 kinds
    // 640 devices, 24 h of history.
    QTest::newRow("100k, 1 h window") << 100'000 << 1.0 << 0;
    QTest::newRow("100k, whole day") << 100'000 << 24.0 << 0;
    QTest::newRow("100k, whole day, nodes folded") << 100'000 << 24.0 << 1;
    QTest::newRow("100k, whole day, kinds folded") << 100'000 << 24.0 << 2;
  }
  void panAndRepaint() {
    QFETCH(int, segments);
    QFETCH(double, windowHours);
    QFETCH(int, fold);
    const Topology topology =
        testing::makeTopology({{DeviceKind::Cpu, 32, 2}, {DeviceKind::Gpu, 64, 8}, {DeviceKind::Tpu, 16, 4}});
    constexpr std::int64_t kDayMs = 24ll * 3600 * 1000;
    JobTimeline timeline = testing::makeTimeline(topology, static_cast<std::size_t>(segments), kDayMs);
    QCOMPARE(static_cast<int>(timeline.segments.size()), segments);
    QueueTimelineView view;
    view.resize(1200, 800);
    view.setTopology(topology);
    view.setAllNodesCollapsed(fold == 1);
    for (const DeviceKind kind : kDeviceKinds) view.setKindCollapsed(kind, fold == 2);
    view.setTimeline(std::move(timeline));
    const auto window = static_cast<std::int64_t>(windowHours * 3600 * 1000);
    view.setVisibleRange(kDayMs - window, kDayMs);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.repaint();
    int step = 0;
    QBENCHMARK {
      // Back and forth, so the window stays over the data.
      view.panByPixels((step++ / 8) % 2 == 0 ? 5 : -5, 0);
      view.repaint();
    }
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty())
      QVERIFY(view.grab().save(dir + QStringLiteral("/timeline-bench-%1h-fold%2.png").arg(windowHours).arg(fold)));
  }
};

QTEST_MAIN(BenchTimeline)
#include "bench_timeline.moc"
