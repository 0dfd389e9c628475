// QueueTimelineView: rows, hit-testing, selection, collapse, zoom and pan.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "synthetic_timeline.h"
#include "widgets/queue_timeline_view.h"

#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>

using namespace hetsched;

namespace {

// cpu-1 (2 devices: 0, 1), gpu-1 (4 devices: 2-5).
Topology smallTopology() { return testing::makeTopology({{DeviceKind::Cpu, 1, 2}, {DeviceKind::Gpu, 1, 4}}); }

// Job 10 waited 0-60 s and runs on GPU devices 2 and 3 from 60 s; job 11 ran
// on CPU device 0 from 30 to 90 s; job 12 is still queued since 100 s.
JobTimeline smallTimeline() {
  JobTimeline t;
  t.nowMs = 120'000;
  t.jobs = {{10, "resnet-train", JobKind::Training, PriorityClass::High, "vision"},
            {11, "etl-batch", JobKind::Batch, PriorityClass::Low, "platform"},
            {12, "bert-serve", JobKind::Inference, PriorityClass::Middle, "search"}};
  t.segments = {{10, -1, 0, 60'000, SegmentKind::Waiting},
                {10, 2, 60'000, -1, SegmentKind::Running},
                {10, 3, 60'000, -1, SegmentKind::Running},
                {11, 0, 30'000, 90'000, SegmentKind::Running},
                {12, -1, 100'000, -1, SegmentKind::Waiting}};
  return t;
}

}  // namespace

class TestQueueTimeline : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void init() {
    m_view = std::make_unique<QueueTimelineView>();
    m_view->resize(900, 400);
    m_view->setTopology(smallTopology());
    m_view->setTimeline(smallTimeline());
    m_view->setVisibleRange(0, 150'000);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
  }
  void cleanup() { m_view.reset(); }

  void rowsGroupByKindAndNode() {
    // queue, CPU, cpu-1, 2 slots, GPU, gpu-1, 4 slots
    QCOMPARE(m_view->layout().rows().size(), std::size_t{11});
    QVERIFY(m_view->rowLabel(0).startsWith(QStringLiteral("Queue")));
    QVERIFY2(m_view->rowLabel(1).contains(QStringLiteral("CPU")), qPrintable(m_view->rowLabel(1)));
    QVERIFY2(m_view->rowLabel(2).contains(QStringLiteral("cpu-1")), qPrintable(m_view->rowLabel(2)));
    QCOMPARE(m_view->rowLabel(3), QStringLiteral("slot 0"));
    QCOMPARE(m_view->layout().rowOfDevice(2), 7);
    QCOMPARE(m_view->index().rowSegmentCount(0), std::size_t{2});  // both waits in the queue lane
    QCOMPARE(m_view->index().rowSegmentCount(7), std::size_t{1});
  }

  void hitTestingFindsTheBar() {
    for (std::size_t s = 0; s < m_view->timeline().segments.size(); ++s) {
      const QRect r = m_view->segmentRect(s);
      QVERIFY2(!r.isEmpty(), QByteArray::number(qulonglong(s)));
      QCOMPARE(m_view->jobAt(r.center()), std::optional<JobId>(m_view->timeline().segments[s].job));
    }
    // Empty plot area (device 1 never ran anything) and the label column.
    const QRect bar = m_view->segmentRect(3);  // job 11 on device 0
    QCOMPARE(m_view->jobAt(bar.center() + QPoint(0, TimelineLayout::kRowHeight)), std::nullopt);
    QCOMPARE(m_view->jobAt(QPoint(10, bar.center().y())), std::nullopt);
    const QString tip = m_view->toolTipAt(bar.center());
    QVERIFY2(tip.contains(QStringLiteral("etl-batch")) && tip.contains(QStringLiteral("Batch")) &&
                 tip.contains(QStringLiteral("Low")) && tip.contains(QStringLiteral("0:00:30")) &&
                 tip.contains(QStringLiteral("0:01:30")),
             qPrintable(tip));
  }

  // Issue 13: a waiting bar's tooltip read "waiting in the queue on queue".
  void waitingTooltipSaysQueueOnce() {
    const QString tip = m_view->toolTipAt(m_view->segmentRect(4).center());  // job 12, waiting
    QVERIFY2(tip.contains(QStringLiteral("waiting in the queue")), qPrintable(tip));
    QCOMPARE(tip.count(QStringLiteral("queue")), 1);
    QVERIFY2(!tip.contains(QStringLiteral(" on ")), qPrintable(tip));
    const QString running = m_view->toolTipAt(m_view->segmentRect(1).center());  // job 10 on gpu-1
    QVERIFY2(running.contains(QStringLiteral("running on gpu-1 · slot 0")), qPrintable(running));
  }

  void clickSelectsTheJob() {
    QSignalSpy spy(m_view.get(), &QueueTimelineView::jobSelected);
    QTest::mouseClick(m_view.get(), Qt::LeftButton, {}, m_view->segmentRect(1).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<JobId>(), JobId{10});
    QVERIFY(m_view->selectedJobs().contains(10));
    QTest::mouseClick(m_view.get(), Qt::LeftButton, {}, m_view->segmentRect(4).center());
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).value<JobId>(), JobId{12});
  }

  void setSelectedJobsHighlights() {
    const QRect bar = m_view->segmentRect(3);
    // Just above the bar: row background until the outline covers it.
    const QPoint probe(bar.center().x(), bar.top() - 1);
    const QColor before = m_view->grab().toImage().pixelColor(probe);
    const JobId jobs[] = {11};
    m_view->setSelectedJobs(jobs);
    QCOMPARE(m_view->selectedJobs().size(), std::size_t{1});
    const QColor after = m_view->grab().toImage().pixelColor(probe);
    QVERIFY2(after != before && after.lightness() < 80, qPrintable(after.name()));  // dark outline
  }

  // A predicted run (the live forecast) is drawn apart from a recorded one
  // of the same job kind: paler, hatched, with a dashed outline.
  void predictedRunsAreDrawnDistinctly() {
    JobTimeline t = smallTimeline();
    // Job 12 (queued) is predicted on CPU device 1 from 130 s to 145 s; job
    // 11 ran on device 0 (a recorded run of another kind for contrast), so
    // compare with a recorded run of job 12's kind added on device 1 earlier.
    t.segments.push_back({12, 1, 130'000, 145'000, SegmentKind::Predicted});
    t.segments.push_back({12, 1, 20'000, 35'000, SegmentKind::Preempted});
    m_view->setTimeline(t);
    const std::size_t predicted = t.segments.size() - 2, recorded = t.segments.size() - 1;
    const QImage image = m_view->grab().toImage();
    const QRect p = m_view->segmentRect(predicted);
    const QRect r = m_view->segmentRect(recorded);
    QVERIFY(!p.isEmpty() && !r.isEmpty());
    // Inside the bar: several colours (a hatch), and on average paler than
    // the recorded run's.
    QSet<QRgb> colours;
    double predictedLight = 0, recordedLight = 0;
    int n = 0;
    for (int x = p.left() + 3; x < p.right() - 3; ++x) {
      const QPoint a(x, p.center().y()), b(r.left() + (x - p.left()) % std::max(1, r.width() - 6) + 3, r.center().y());
      colours.insert(image.pixel(a));
      predictedLight += image.pixelColor(a).lightness();
      recordedLight += image.pixelColor(b).lightness();
      ++n;
    }
    QVERIFY2(colours.size() >= 2, "a predicted run is hatched");
    QVERIFY2(predictedLight / n > recordedLight / n, "a predicted run is paler than a recorded one");
    // Its tooltip says it is a prediction.
    QVERIFY2(m_view->toolTipAt(p.center()).contains(QStringLiteral("predicted")),
             qPrintable(m_view->toolTipAt(p.center())));
  }

  void collapseAndExpandChangeRows() {
    m_view->setNodeCollapsed(1, true);  // gpu-1
    QCOMPARE(m_view->layout().rows().size(), std::size_t{7});
    QCOMPARE(m_view->layout().rowOfDevice(2), 6);
    QCOMPARE(m_view->layout().rowOfDevice(3), 6);
    QCOMPARE(m_view->index().rowSegmentCount(6), std::size_t{2});  // summary row carries both bars
    QCOMPARE(m_view->jobAt(m_view->segmentRect(1).center()), std::optional<JobId>(10));
    m_view->setKindCollapsed(DeviceKind::Cpu, true);
    QCOMPARE(m_view->layout().rows().size(), std::size_t{4});  // queue, CPU summary, GPU, gpu-1
    QCOMPARE(m_view->layout().rowOfDevice(0), 1);
    // A click on a label folds and unfolds too.
    const TimelineLayout::Row& gpuNode = m_view->layout().rows()[3];
    const QPoint label(40, m_view->plotRect().top() + gpuNode.top + gpuNode.height / 2);
    QTest::mouseClick(m_view.get(), Qt::LeftButton, {}, label);
    QCOMPARE(m_view->layout().rows().size(), std::size_t{8});
    m_view->setKindCollapsed(DeviceKind::Cpu, false);
    QCOMPARE(m_view->layout().rows().size(), std::size_t{11});
  }

  // A large cluster opens folded, laid out once in that state, and holds
  // only the rows it shows (10^6 devices unfolded are 30 MB of rows).
  void largeClusterOpensFoldedWithItsRowsOnly() {
    const Topology topology = testing::makeTopology({{DeviceKind::Cpu, 40, 2}, {DeviceKind::Gpu, 20, 8}});
    QueueTimelineView view;
    view.setTopology(topology);
    const TimelineLayout& layout = view.layout();
    QCOMPARE(layout.rows().size(), std::size_t{1 + 2 + 60});
    QVERIFY(layout.rows().capacity() <= 2 * layout.rows().size());
    QCOMPARE(layout.rowOfDevice(0), 2);  // queue, CPU header, cpu-0
    QCOMPARE(layout.rowOfDevice(1), 2);
    view.setAllNodesCollapsed(false);
    QCOMPARE(layout.rows().size(), std::size_t{1 + 2 + 60 + 240});
    // Counted by the same walk that lays them out: allocated once, exactly.
    QCOMPARE(layout.rows().capacity(), layout.rows().size());
    view.setAllNodesCollapsed(true);
    QCOMPARE(layout.rows().size(), std::size_t{63});
    QVERIFY(layout.rows().capacity() <= 2 * layout.rows().size());
  }

  void zoomAndPanChangeTheVisibleRange() {
    QCOMPARE(m_view->visibleStartMs(), std::int64_t{0});
    QCOMPARE(m_view->visibleEndMs(), std::int64_t{150'000});
    QVERIFY(!m_view->followNow());
    m_view->zoomBy(2.0);  // around the centre
    QCOMPARE(m_view->visibleEndMs() - m_view->visibleStartMs(), std::int64_t{75'000});
    QVERIFY(std::abs((m_view->visibleStartMs() + m_view->visibleEndMs()) / 2 - 75'000) < 300);
    const std::int64_t start = m_view->visibleStartMs();
    m_view->setFocus();
    QTest::keyClick(m_view.get(), Qt::Key_Right);
    QVERIFY(m_view->visibleStartMs() > start);
    QTest::keyClick(m_view.get(), Qt::Key_Minus);
    QVERIFY(m_view->visibleEndMs() - m_view->visibleStartMs() > 75'000);
    // Dragging the plot to the right shows earlier times.
    const std::int64_t beforeDrag = m_view->visibleStartMs();
    const QPoint from = m_view->plotRect().center();
    QTest::mousePress(m_view.get(), Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, from + QPoint(100, 0), m_view->mapToGlobal(from + QPoint(100, 0)), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_view.get(), &move);
    QTest::mouseRelease(m_view.get(), Qt::LeftButton, {}, from + QPoint(100, 0));
    QVERIFY(m_view->visibleStartMs() < beforeDrag);
    // Home follows the present again: now sits 90 % across.
    QTest::keyClick(m_view.get(), Qt::Key_Home);
    QVERIFY(m_view->followNow());
    const double span = static_cast<double>(m_view->visibleEndMs() - m_view->visibleStartMs());
    QVERIFY(std::abs(static_cast<double>(120'000 - m_view->visibleStartMs()) - 0.9 * span) < 2);
  }

  void followingScrollsWithNewTimelines() {
    m_view->setFollowNow(true);
    JobTimeline later = smallTimeline();
    later.nowMs = 600'000;
    m_view->setTimeline(later);
    QVERIFY(m_view->visibleStartMs() < 600'000 && m_view->visibleEndMs() > 600'000);
  }

  // What an operator sees: HETSCHED_RENDER_DIR=/tmp/x.
  void render() {
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (dir.isEmpty()) QSKIP("set HETSCHED_RENDER_DIR to write timeline renders");
    const Topology topology =
        testing::makeTopology({{DeviceKind::Cpu, 3, 2}, {DeviceKind::Gpu, 3, 8}, {DeviceKind::Tpu, 2, 4}});
    QueueTimelineView view;
    view.resize(1200, 700);
    view.setTopology(topology);
    view.setNodeCollapsed(3, true);
    view.setTimeline(testing::makeTimeline(topology, 3000, std::int64_t{4} * 3600 * 1000));
    view.setVisibleRange(3 * 3600 * 1000 + 15 * 60 * 1000, 4 * 3600 * 1000 + 5 * 60 * 1000);
    const JobId selected[] = {40};
    view.setSelectedJobs(selected);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.grab().save(dir + QStringLiteral("/timeline.png")));
    view.setColorBy(QueueTimelineView::ColorBy::Priority);
    view.setAllNodesCollapsed(true);
    view.setVisibleRange(0, 4 * 3600 * 1000 + 10 * 60 * 1000);
    QVERIFY(view.grab().save(dir + QStringLiteral("/timeline-priority-collapsed.png")));
  }

 private:
  std::unique_ptr<QueueTimelineView> m_view;
};

QTEST_MAIN(TestQueueTimeline)
#include "tst_queue_timeline.moc"
