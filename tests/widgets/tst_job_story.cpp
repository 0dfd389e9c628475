// Issue 14 item 2: a job's whole story. A job that was preempted, started
// again, then moved to other devices, told as events, totals, a strip and a
// dialog; and every job view opens it.
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/job_story.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "widgets/heatmap_view.h"
#include "widgets/job_story_dialog.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_table_model.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <vector>

using namespace hetsched;

namespace {

constexpr std::int64_t s = 1000;

Topology cluster() { return testing::makeTopology({{DeviceKind::Cpu, 2, 2}, {DeviceKind::Gpu, 2, 8}}); }

// Job 7 on the GPU nodes (devices 4-11 on gpu-1, 12-19 on gpu-2): submitted
// at 0, started on gpu-1 slot 1 at 10 s, preempted at 40 s, started again
// there at 55 s, moved at 90 s to gpu-2 slots 0-1, running at 120 s.
Job preemptedThenMigrated() {
  Job job;
  job.id = 7;
  job.spec.name = "llama-finetune";
  job.spec.kind = JobKind::Training;
  job.spec.priority = PriorityClass::Low;
  job.spec.qos = Qos::BestEffort;
  job.spec.interruptible = true;
  job.spec.requests = {.cpuMilli = 8000, .memoryMib = 65536, .gpuCount = 2};
  job.spec.estimatedRuntimeS = 600;
  job.state = JobState::Running;
  job.submitTimeMs = 0;
  job.startTimeMs = 90 * s;
  job.node = 3;
  job.devices = {12, 13};
  return job;
}

// The segments a timeline source gives for it (a what-if run's, or the live
// list's once the source reports earlier runs), out of order and with
// another job's segment among them.
std::vector<TimelineSegment> segments() {
  return {{7, 13, 90 * s, -1, SegmentKind::Running},      {7, -1, 0, 10 * s, SegmentKind::Waiting},
          {7, 5, 10 * s, 40 * s, SegmentKind::Preempted}, {8, 5, 40 * s, 50 * s, SegmentKind::Running},
          {7, -1, 40 * s, 55 * s, SegmentKind::Waiting},  {7, 5, 55 * s, 90 * s, SegmentKind::Migrated},
          {7, 12, 90 * s, -1, SegmentKind::Running}};
}

}  // namespace

class TestJobStory : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void eventsOfAPreemptedThenMigratedJob() {
    const JobStory story = jobStoryOf(preemptedThenMigrated(), segments(), 120 * s);
    using K = JobEvent::Kind;
    const std::vector<JobEvent> expected{{K::Submitted, 0, {}},       {K::Started, 10 * s, {5}},
                                         {K::Preempted, 40 * s, {5}}, {K::Started, 55 * s, {5}},
                                         {K::Migrated, 90 * s, {5}},  {K::Started, 90 * s, {13, 12}}};
    QCOMPARE(story.events, expected);
    QCOMPARE(story.waitedMs, 25 * s);  // 10 s, then 15 s after the preemption
    QCOMPARE(story.ranMs, 95 * s);     // 30 + 35 + 30 s so far
    QCOMPARE(story.stretches.size(), std::size_t{5});
    QCOMPARE(story.predictedStartMs, std::int64_t{-1});  // the slot predict fills
  }

  // The live list since the scheduling core: a job carries its earlier runs
  // (Job::earlierRuns), so the story of a live job shows its preemption and
  // its move the same way.
  void liveJobWithEarlierRuns() {
    Job job = preemptedThenMigrated();
    job.earlierRuns = {{10 * s, 40 * s, 3, {5}, JobRun::End::Preempted},
                       {55 * s, 90 * s, 3, {5}, JobRun::End::Migrated}};
    const JobStory live = jobStoryOf(job, 120 * s);
    const JobStory drawn = jobStoryOf(preemptedThenMigrated(), segments(), 120 * s);
    QCOMPARE(live.events.size(), drawn.events.size());
    for (std::size_t i = 0; i < live.events.size(); ++i) {
      QVERIFY(live.events[i].kind == drawn.events[i].kind);
      QCOMPARE(live.events[i].atMs, drawn.events[i].atMs);
    }
    QCOMPARE(live.waitedMs, drawn.waitedMs);
    QCOMPARE(live.ranMs, drawn.ranMs);
    // A run its node took down is told as such.
    job.earlierRuns.front().end = JobRun::End::NodeLost;
    QVERIFY(jobStoryOf(job, 120 * s).events[2].kind == JobEvent::Kind::NodeLost);
  }

  void liveListStory() {
    // From the live list alone: what the list knows (submit, start, end).
    Job job = preemptedThenMigrated();
    job.state = JobState::Completed;
    job.startTimeMs = 5 * s;
    job.endTimeMs = 65 * s;
    const JobStory story = jobStoryOf(job, 100 * s);
    QCOMPARE(story.events.size(), std::size_t{3});
    QCOMPARE(story.events.back().kind, JobEvent::Kind::Finished);
    QCOMPARE(story.events.back().atMs, 65 * s);
    QCOMPARE(story.waitedMs, 5 * s);
    QCOMPARE(story.ranMs, 60 * s);
    Job refused = job;
    refused.state = JobState::Unschedulable;
    QCOMPARE(jobStoryOf(refused, 100 * s).events.back().kind, JobEvent::Kind::Refused);
  }

  void dialogTellsTheWholeStory() {
    JobStoryDialog dialog;
    dialog.setTopology(cluster());
    dialog.setStory(jobStoryOf(preemptedThenMigrated(), segments(), 120 * s));
    const QString text = dialog.displayedText();
    for (const QString& line :
         {QStringLiteral("Job #7 llama-finetune"), QStringLiteral("State: running"), QStringLiteral("Kind: Training"),
          QStringLiteral("QoS best effort · may be preempted"),
          QStringLiteral("Request: 8 CPU cores, 64 GiB memory, 2 GPUs"), QStringLiteral("Started: 0:00:10"),
          QStringLiteral("Waited: 25 s"), QStringLiteral("Ran: 1 min 35 s"), QStringLiteral("Estimate: 10 min 00 s"),
          QStringLiteral("Predicted start: —"), QStringLiteral("Nodes and devices: gpu-2 (slots 0, 1)"),
          QStringLiteral("0:00:40 preempted, back in the queue gpu-1 (slot 1)"),
          QStringLiteral("0:01:30 migrated to other devices gpu-1 (slot 1)"),
          QStringLiteral("0:01:30 started gpu-2 (slots 0, 1)")})
      QVERIFY2(text.contains(line), qPrintable(line + QStringLiteral("\n---\n") + text));
    QCOMPARE(dialog.events()->rowCount(), 6);

    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (dir.isEmpty()) return;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::qWait(50);
    QVERIFY(dialog.grab().save(dir + QStringLiteral("/job-story.png")));
  }

  void waitingJobShowsThePredictionSlot() {
    Job job = preemptedThenMigrated();
    job.state = JobState::Queued;
    job.devices.clear();
    JobStoryDialog dialog;
    dialog.setTopology(cluster());
    JobStory story = jobStoryOf(job, 30 * s);
    dialog.setStory(story);
    QVERIFY(dialog.displayedText().contains(QStringLiteral("Predicted start: no prediction yet")));
    story.predictedStartMs = 75 * s;
    story.waitReason.cause = WaitCause::Resources;
    story.waitReason.kind = DeviceKind::Gpu;
    story.waitReason.nodesOfKind = 4;
    story.waitReason.nodesUp = 4;
    story.waitReason.shortOn[static_cast<std::size_t>(ShortResource::Accelerator)] = 4;
    dialog.setStory(story);
    QVERIFY(dialog.displayedText().contains(QStringLiteral("Predicted start: 0:01:15")));
    QVERIFY(dialog.displayedText().contains(QStringLiteral("Why it waits: No GPU node has room")));
  }

  void viewsOpenTheStory() {
    QueuePanel panel;
    QueuedJobPrediction waiting;
    waiting.id = 7;
    waiting.name = "llama-finetune";
    waiting.kind = JobKind::Training;
    waiting.priority = PriorityClass::Low;
    panel.setQueue({waiting});
    QSignalSpy fromQueue(&panel, &QueuePanel::jobActivated);
    Q_EMIT panel.table()->activated(panel.sortedModel()->index(0, QueueTableModel::Name));
    QCOMPARE(fromQueue.size(), 1);
    QCOMPARE(fromQueue.front().front().value<JobId>(), JobId{7});

    const Topology topology = cluster();
    HeatmapView heatmap;
    heatmap.resize(800, 400);
    heatmap.setTopology(topology);
    Frame frame = testing::makeFrame(topology, 1);
    frame.job[12] = 7;
    heatmap.setFrame(frame);
    heatmap.show();
    QVERIFY(QTest::qWaitForWindowExposed(&heatmap));
    heatmap.replotNow();
    QSignalSpy fromHeatmap(&heatmap, &HeatmapView::jobActivated);
    QTest::mouseDClick(heatmap.plot(), Qt::LeftButton, {},
                       heatmap.plot()->mapFrom(&heatmap, heatmap.cellCenter(12).toPoint()));
    QCOMPARE(fromHeatmap.size(), 1);
    QCOMPARE(fromHeatmap.front().front().value<JobId>(), JobId{7});
  }
};

QTEST_MAIN(TestJobStory)
#include "tst_job_story.moc"
