#include "job_timeline.h"

#include "job.h"
#include "job_prediction.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hetsched {

JobTimeline timelineFromJobs(std::span<const Job> jobs, std::int64_t nowMs) {
  JobTimeline timeline;
  timeline.nowMs = nowMs;
  timeline.jobs.reserve(jobs.size());
  timeline.segments.reserve(jobs.size() * 2);
  for (const Job& job : jobs) {
    if (job.state == JobState::Unschedulable) continue;
    timeline.jobs.push_back({job.id, job.spec.name, job.spec.kind, job.spec.priority, job.spec.team});
    const bool started = job.state != JobState::Queued && job.startTimeMs >= 0;
    // Runs cut short (preempted, moved, lost with their node), each after
    // the wait that preceded it; a migration's next run starts at once.
    std::int64_t waitFrom = job.submitTimeMs;
    for (const JobRun& run : job.earlierRuns) {
      if (run.startMs > waitFrom)
        timeline.segments.push_back({job.id, -1, waitFrom, run.startMs, SegmentKind::Waiting});
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
    QueuedJobPrediction q;
    q.id = job.id;
    q.name = job.spec.name;
    q.owner = job.spec.owner;
    q.team = job.spec.team;
    q.kind = job.spec.kind;
    q.priority = job.spec.priority;
    q.submitMs = job.submitTimeMs;
    queue.push_back(std::move(q));
  }
  // High < Middle < Low in the enum, so ascending is service order; the id
  // breaks ties between jobs submitted in the same millisecond.
  std::ranges::sort(queue, {}, [](const QueuedJobPrediction& q) {
    return std::tuple(static_cast<int>(q.priority), q.submitMs, q.id);
  });
  return queue;
}

std::vector<QueuedJobPrediction> queueWithPredictions(std::span<const Job> jobs, const QueuePredictions& predictions) {
  std::vector<QueuedJobPrediction> byPriority = queueByPriorityThenSubmit(jobs);
  std::unordered_map<JobId, std::size_t> at;
  for (std::size_t i = 0; i < byPriority.size(); ++i) at.emplace(byPriority[i].id, i);
  std::vector<QueuedJobPrediction> out;
  out.reserve(byPriority.size());
  std::unordered_set<JobId> taken;
  for (const JobPrediction& p : predictions.jobs) {
    const auto it = at.find(p.job);
    if (it == at.end()) continue;  // started or gone since the forecast
    QueuedJobPrediction q = byPriority[it->second];
    q.predictedStartMs = p.startMs;
    q.predictedNode = p.node;
    q.reason = p.reason;
    out.push_back(std::move(q));
    taken.insert(p.job);
  }
  for (QueuedJobPrediction& q : byPriority)
    if (!taken.contains(q.id)) out.push_back(std::move(q));
  return out;
}

void addPredictedRuns(JobTimeline& timeline, const QueuePredictions& predictions) {
  std::unordered_set<JobId> known;
  for (const TimelineJob& j : timeline.jobs) known.insert(j.id);
  for (const JobPrediction& p : predictions.jobs) {
    if (p.startMs < 0 || !known.contains(p.job)) continue;
    for (const std::uint32_t device : p.devices)
      timeline.segments.push_back(
          {p.job, static_cast<std::int32_t>(device), p.startMs, std::max(p.endMs, p.startMs), SegmentKind::Predicted});
  }
}

}  // namespace hetsched
