// timelineFromJobs and queueByPriorityThenSubmit: the value types the queue
// views are fed from, built from the gateway's job list.
#include "base/model/job.h"
#include "base/model/job_timeline.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;

Q_DECLARE_METATYPE(hetsched::Job)
Q_DECLARE_METATYPE(std::vector<hetsched::TimelineSegment>)

namespace {
Job job(JobId id, JobState state, std::int64_t submit, std::int64_t start, std::int64_t end,
        std::vector<std::uint32_t> devices = {}) {
  Job j;
  j.id = id;
  j.spec.name = "job-" + std::to_string(id);
  j.spec.kind = JobKind::Training;
  j.spec.priority = PriorityClass::High;
  j.state = state;
  j.submitTimeMs = submit;
  j.startTimeMs = start;
  j.endTimeMs = end;
  j.devices = std::move(devices);
  return j;
}
}  // namespace

class TestJobTimeline : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void builder_data() {
    QTest::addColumn<Job>("input");
    QTest::addColumn<int>("jobCount");
    QTest::addColumn<std::vector<TimelineSegment>>("expected");
    QTest::newRow("queued waits until now") << job(1, JobState::Queued, 2000, -1, -1) << 1
                                            << std::vector<TimelineSegment>{{1, -1, 2000, -1, SegmentKind::Waiting}};
    QTest::newRow("running: wait, then one open bar per device")
        << job(2, JobState::Running, 1000, 3000, 9000 /* only the plan */, {4, 5}) << 1
        << std::vector<TimelineSegment>{{2, -1, 1000, 3000, SegmentKind::Waiting},
                                        {2, 4, 3000, -1, SegmentKind::Running},
                                        {2, 5, 3000, -1, SegmentKind::Running}};
    QTest::newRow("completed: closed bar")
        << job(3, JobState::Completed, 0, 500, 4000, {7}) << 1
        << std::vector<TimelineSegment>{{3, -1, 0, 500, SegmentKind::Waiting}, {3, 7, 500, 4000, SegmentKind::Running}};
    QTest::newRow("started at once: no zero-length wait")
        << job(4, JobState::Completed, 600, 600, 900, {1}) << 1
        << std::vector<TimelineSegment>{{4, 1, 600, 900, SegmentKind::Running}};
    QTest::newRow("unschedulable: left out")
        << job(5, JobState::Unschedulable, 100, -1, -1) << 0 << std::vector<TimelineSegment>{};
  }
  void builder() {
    QFETCH(Job, input);
    QFETCH(int, jobCount);
    QFETCH(std::vector<TimelineSegment>, expected);
    const JobTimeline timeline = timelineFromJobs(std::span<const Job>(&input, 1), 10'000);
    QCOMPARE(timeline.nowMs, std::int64_t{10'000});
    QCOMPARE(static_cast<int>(timeline.jobs.size()), jobCount);
    if (jobCount == 1) {
      QCOMPARE(timeline.jobs[0].id, input.id);
      QCOMPARE(timeline.jobs[0].name, input.spec.name);
      QVERIFY(timeline.jobs[0].kind == input.spec.kind);
      QVERIFY(timeline.jobs[0].priority == input.spec.priority);
    }
    QCOMPARE(timeline.segments.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
      QVERIFY2(timeline.segments[i] == expected[i], QByteArray::number(qulonglong(i)));
  }

  void queueOrderIsPriorityThenSubmit() {
    std::vector<Job> jobs{job(1, JobState::Queued, 300, -1, -1), job(2, JobState::Queued, 100, -1, -1),
                          job(3, JobState::Running, 50, 60, -1, {0}), job(4, JobState::Queued, 200, -1, -1),
                          job(5, JobState::Queued, 200, -1, -1)};
    jobs[0].spec.priority = PriorityClass::High;
    jobs[1].spec.priority = PriorityClass::Low;
    jobs[3].spec.priority = PriorityClass::Middle;
    jobs[4].spec.priority = PriorityClass::Middle;
    const auto queue = queueByPriorityThenSubmit(jobs);
    QCOMPARE(queue.size(), std::size_t{4});
    QCOMPARE(queue[0].id, JobId{1});  // High
    QCOMPARE(queue[1].id, JobId{4});  // Middle, same submit as 5: lower id first
    QCOMPARE(queue[2].id, JobId{5});
    QCOMPARE(queue[3].id, JobId{2});  // Low, although submitted first
    QCOMPARE(queue[0].predictedStartMs, std::int64_t{-1});
    QCOMPARE(queue[0].submitMs, std::int64_t{300});
  }
};

QTEST_GUILESS_MAIN(TestJobTimeline)
#include "tst_job_timeline.moc"
