// One selection across the console's job views, driven headless: a job
// picked in one view is selected in all others, and no view hears its own
// change back.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "job_selection.h"
#include "selection_linker.h"
#include "synthetic_cluster.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/embedding_map_view.h"
#include "widgets/heatmap_view.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_table_model.h"
#include "widgets/queue_timeline_view.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace hetsched;

namespace {
// cpu-1 (devices 0, 1), gpu-1 (devices 2-9).
Topology topology() { return testing::makeTopology({{DeviceKind::Cpu, 1, 2}, {DeviceKind::Gpu, 1, 8}}); }

// Job 10 runs on devices 2 and 3, job 11 finished on device 0, job 12 waits.
std::vector<Job> jobs() {
  std::vector<Job> list(3);
  list[0].id = 10;
  list[0].state = JobState::Running;
  list[0].submitTimeMs = 0;
  list[0].startTimeMs = 10'000;
  list[0].devices = {2, 3};
  list[1].id = 11;
  list[1].state = JobState::Completed;
  list[1].startTimeMs = 5'000;
  list[1].endTimeMs = 50'000;
  list[1].devices = {0};
  list[2].id = 12;
  list[2].state = JobState::Queued;
  list[2].submitTimeMs = 70'000;
  for (Job& j : list) j.spec.name = "job-" + std::to_string(j.id);
  return list;
}
}  // namespace

class TestSelectionLinking : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void init() {
    m_dashboard = std::make_unique<ClusterDashboard>();
    m_timeline = std::make_unique<QueueTimelineView>();
    m_queue = std::make_unique<QueuePanel>();
    m_map = std::make_unique<EmbeddingMapView>();
    m_selection = std::make_unique<JobSelection>();
    m_linker = std::make_unique<SelectionLinker>(m_selection.get(), m_dashboard.get(), m_timeline.get(), m_queue.get(),
                                                 m_map.get());
    const Topology t = topology();
    const std::vector<Job> list = jobs();
    const JobTimeline timeline = timelineFromJobs(list, 100'000);
    m_dashboard->setTopology(t);
    m_dashboard->setFrame(testing::makeFrame(t, 1));
    m_timeline->setTopology(t);
    m_timeline->setTimeline(timeline);
    m_timeline->setVisibleRange(0, 120'000);
    m_linker->setTimeline(timeline);
    m_queue->setQueue(queueByPriorityThenSubmit(list));
    m_map->setPoints({{10, 0, 0, JobKind::Training, DeviceKind::Gpu, 0},
                      {11, 5, 5, JobKind::Batch, DeviceKind::Cpu, 1},
                      {12, 9, 1, JobKind::Service, DeviceKind::Gpu, 0}});
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_dashboard.get(), m_timeline.get(), m_queue.get(), m_map.get()}) {
      w->resize(800, 400);
      w->show();
      QVERIFY(QTest::qWaitForWindowExposed(w));
    }
  }
  void cleanup() {
    m_linker.reset();
    m_selection.reset();
    m_dashboard.reset();
    m_timeline.reset();
    m_queue.reset();
    m_map.reset();
  }

  void timelineClickSelectsEverywhere() {
    QSignalSpy changed(m_selection.get(), &JobSelection::changed);
    const auto segment = std::ranges::find_if(m_timeline->timeline().segments,
                                              [](const TimelineSegment& s) { return s.job == 10 && s.device == 3; });
    const auto index = static_cast<std::size_t>(segment - m_timeline->timeline().segments.begin());
    QTest::mouseClick(m_timeline.get(), Qt::LeftButton, {}, m_timeline->segmentRect(index).center());
    QCOMPARE(m_selection->jobs(), (std::vector<JobId>{10}));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<JobSelection::Origin>(), JobSelection::Origin::Timeline);
    QCOMPARE(m_dashboard->heatmap()->selectedDevice(), std::optional<int>(2));  // the job's first device
    QCOMPARE(m_dashboard->details()->device(), std::optional<int>(2));
    QVERIFY(m_map->selectedJobs().contains(10));
    QCOMPARE(m_map->selectedJobs().size(), std::size_t{1});
  }

  void heatmapClickSelectsEverywhere() {
    HeatmapView* heatmap = m_dashboard->heatmap();
    heatmap->replotNow();
    const QPoint cell = heatmap->plot()->mapFrom(heatmap, heatmap->cellCenter(3).toPoint());
    QTest::mouseClick(heatmap->plot(), Qt::LeftButton, {}, cell);
    QCOMPARE(heatmap->selectedDevice(), std::optional<int>(3));
    QCOMPARE(m_selection->jobs(), (std::vector<JobId>{10}));
    QVERIFY(m_timeline->selectedJobs().contains(10));
    QVERIFY(m_map->selectedJobs().contains(10));
    // The heatmap kept the clicked cell rather than jumping to the job's first device.
    QCOMPARE(heatmap->selectedDevice(), std::optional<int>(3));
    QCOMPARE(m_dashboard->details()->device(), std::optional<int>(3));
    // An idle device clears the job selection.
    const QPoint idle = heatmap->plot()->mapFrom(heatmap, heatmap->cellCenter(9).toPoint());
    QTest::mouseClick(heatmap->plot(), Qt::LeftButton, {}, idle);
    QVERIFY(m_selection->isEmpty());
    QVERIFY(m_timeline->selectedJobs().empty());
  }

  void mapSelectionReachesTimelineAndQueue() {
    m_map->selectInRect(QRectF(QPointF(4, 4), QPointF(10, 6)));  // job 11 only
    QCOMPARE(m_selection->jobs(), (std::vector<JobId>{11}));
    QVERIFY(m_timeline->selectedJobs().contains(11));
    QCOMPARE(m_dashboard->heatmap()->selectedDevice(), std::nullopt);  // finished: no device now
    m_map->selectInRect(QRectF(QPointF(-1, -1), QPointF(10, 2)));  // jobs 10 and 12
    QCOMPARE(m_selection->jobs(), (std::vector<JobId>{10, 12}));
    QCOMPARE(m_timeline->selectedJobs().size(), std::size_t{2});
    QCOMPARE(m_dashboard->heatmap()->selectedDevice(), std::optional<int>(2));
    QCOMPARE(m_queue->table()->currentIndex().data(QueueTableModel::JobIdRole).toULongLong(), 12ull);
  }

  void queuePanelSelectsEverywhere() {
    QSignalSpy mapEcho(m_map.get(), &EmbeddingMapView::jobsSelected);
    const QRect row = m_queue->table()->visualRect(m_queue->sortedModel()->index(0, QueueTableModel::Name));
    QTest::mouseClick(m_queue->table()->viewport(), Qt::LeftButton, {}, row.center());
    QCOMPARE(m_selection->jobs(), (std::vector<JobId>{12}));
    QVERIFY(m_timeline->selectedJobs().contains(12));
    QVERIFY(m_map->selectedJobs().contains(12));
    QCOMPARE(mapEcho.count(), 0);  // following a selection is not making one
  }

  // Issue 13: the heatmap kept marking a cell after the selected job ended.
  void heatmapLetsGoWhenTheSelectedJobEnds() {
    m_selection->select(std::vector<JobId>{10}, JobSelection::Origin::Timeline);
    QCOMPARE(m_dashboard->heatmap()->selectedDevice(), std::optional<int>(2));
    std::vector<Job> later = jobs();
    later[0].state = JobState::Completed;
    later[0].endTimeMs = 110'000;
    m_linker->setTimeline(timelineFromJobs(later, 120'000));
    QCOMPARE(m_dashboard->heatmap()->selectedDevice(), std::nullopt);
    QCOMPARE(m_dashboard->details()->device(), std::nullopt);
    QCOMPARE(m_selection->jobs(), (std::vector<JobId>{10}));  // still selected, for the other views
    // A cell the operator clicked stays marked whatever its job does.
    HeatmapView* heatmap = m_dashboard->heatmap();
    m_linker->setTimeline(timelineFromJobs(jobs(), 100'000));
    QCoreApplication::processEvents();  // the heatmap settles its size after a layout
    heatmap->replotNow();
    QTest::mouseClick(heatmap->plot(), Qt::LeftButton, {},
                      heatmap->plot()->mapFrom(heatmap, heatmap->cellCenter(3).toPoint()));
    QCOMPARE(heatmap->selectedDevice(), std::optional<int>(3));
    m_linker->setTimeline(timelineFromJobs(later, 120'000));
    QCOMPARE(heatmap->selectedDevice(), std::optional<int>(3));
  }

 private:
  std::unique_ptr<ClusterDashboard> m_dashboard;
  std::unique_ptr<QueueTimelineView> m_timeline;
  std::unique_ptr<QueuePanel> m_queue;
  std::unique_ptr<EmbeddingMapView> m_map;
  std::unique_ptr<JobSelection> m_selection;
  std::unique_ptr<SelectionLinker> m_linker;
};

QTEST_MAIN(TestSelectionLinking)
#include "tst_selection_linking.moc"
