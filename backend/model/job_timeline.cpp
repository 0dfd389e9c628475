#include "job_timeline.h"

#include <algorithm>
#include <tuple>

namespace hetsched {

JobTimeline timelineFromJobs(std::span<const Job> jobs, std::int64_t nowMs) {
  JobTimeline timeline;
  timeline.nowMs = nowMs;
  timeline.jobs.reserve(jobs.size());
  timeline.segments.reserve(jobs.size() * 2);
  for (const Job& job : jobs) {
    if (job.state == JobState::Unschedulable) continue;
    timeline.jobs.push_back({job.id, job.spec.name, job.spec.kind, job.spec.priority});
    const bool started = job.state != JobState::Queued && job.startTimeMs >= 0;
    // Runs cut short (preempted, moved, lost with their node), each after
    // the wait that preceded it; a migration's next run starts at once.
    std::int64_t waitFrom = job.submitTimeMs;
    for (const JobRun& run : job.earlierRuns) {
      if (run.startMs > waitFrom) timeline.segments.push_back({job.id, -1, waitFrom, run.startMs, SegmentKind::Waiting});
      const SegmentKind kind = run.end == JobRun::End::Migrated ? SegmentKind::Migrated : SegmentKind::Preempted;
      for (const std::uint32_t device : run.devices)
        timeline.segments.push_back({job.id, static_cast<std::int32_t>(device), run.startMs, run.endMs, kind});
      waitFrom = run.endMs;
    }
    // A queued job waits until now; a started one until it started.
    const std::int64_t waitEnd = started ? job.startTimeMs : -1;
    if (!started || job.startTimeMs > waitFrom)
      timeline.segments.push_back({job.id, -1, waitFrom, waitEnd, SegmentKind::Waiting});
    if (!started) continue;
    const std::int64_t runEnd = job.state == JobState::Completed ? job.endTimeMs : -1;
    for (const std::uint32_t device : job.devices)
      timeline.segments.push_back(
          {job.id, static_cast<std::int32_t>(device), job.startTimeMs, runEnd, SegmentKind::Running});
  }
  return timeline;
}

std::vector<QueuedJobPrediction> queueByPriorityThenSubmit(std::span<const Job> jobs) {
  std::vector<QueuedJobPrediction> queue;
  for (const Job& job : jobs) {
    if (job.state != JobState::Queued) continue;
    queue.push_back({job.id, job.spec.name, job.spec.kind, job.spec.priority, job.submitTimeMs, -1});
  }
  // High < Middle < Low in the enum, so ascending is service order; the id
  // breaks ties between jobs submitted in the same millisecond.
  std::ranges::sort(queue, {}, [](const QueuedJobPrediction& q) {
    return std::tuple(static_cast<int>(q.priority), q.submitMs, q.id);
  });
  return queue;
}

}  // namespace hetsched
