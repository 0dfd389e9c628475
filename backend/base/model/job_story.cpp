#include "job_story.h"

#include "job.h"
#include "job_timeline.h"

#include <algorithm>
#include <cstdint>
#include <span>

namespace hetsched {

namespace {

std::int64_t endOr(std::int64_t endMs, std::int64_t nowMs) { return endMs < 0 ? nowMs : endMs; }

}  // namespace

JobStory jobStoryOf(const Job& job, std::int64_t nowMs) {
  const JobTimeline timeline = timelineFromJobs(std::span(&job, 1), nowMs);
  return jobStoryOf(job, timeline.segments, nowMs);
}

JobStory jobStoryOf(const Job& job, std::span<const TimelineSegment> segments, std::int64_t nowMs) {
  JobStory story;
  story.job = job;
  story.nowMs = nowMs;
  if (job.state == JobState::Unschedulable) {
    story.events.push_back({JobEvent::Kind::Submitted, job.submitTimeMs, {}});
    story.events.push_back({JobEvent::Kind::Refused, job.submitTimeMs, {}});
    return story;
  }
  // The timeline has one segment per device of a run: a run is the devices
  // whose segments share start, end and kind.
  for (const TimelineSegment& s : segments) {
    // A predicted run is a forecast, not part of the job's record.
    if (s.job != job.id || s.kind == SegmentKind::Predicted) continue;
    auto same = std::ranges::find_if(story.stretches, [&](const JobStretch& r) {
      return s.device >= 0 && r.kind == s.kind && r.startMs == s.startMs && r.endMs == s.endMs;
    });
    if (same == story.stretches.end()) {
      story.stretches.push_back({s.kind, s.startMs, s.endMs, {}});
      same = story.stretches.end() - 1;
    }
    if (s.device >= 0) same->devices.push_back(static_cast<std::uint32_t>(s.device));
  }
  std::ranges::stable_sort(story.stretches, {}, &JobStretch::startMs);

  story.events.push_back({JobEvent::Kind::Submitted, job.submitTimeMs, {}});
  for (const JobStretch& r : story.stretches) {
    const std::int64_t length = std::max<std::int64_t>(0, endOr(r.endMs, nowMs) - r.startMs);
    if (r.kind == SegmentKind::Waiting) {
      story.waitedMs += length;
      continue;
    }
    story.ranMs += length;
    story.events.push_back({JobEvent::Kind::Started, r.startMs, r.devices});
    if (r.endMs < 0) continue;
    switch (r.kind) {
      case SegmentKind::Preempted: {
        const bool lost = std::ranges::any_of(job.earlierRuns, [&](const JobRun& run) {
          return run.startMs == r.startMs && run.endMs == r.endMs && run.end == JobRun::End::NodeLost;
        });
        story.events.push_back({lost ? JobEvent::Kind::NodeLost : JobEvent::Kind::Preempted, r.endMs, r.devices});
        break;
      }
      case SegmentKind::Migrated: story.events.push_back({JobEvent::Kind::Migrated, r.endMs, r.devices}); break;
      case SegmentKind::Running: story.events.push_back({JobEvent::Kind::Finished, r.endMs, r.devices}); break;
      case SegmentKind::Waiting:
      case SegmentKind::Predicted: break;
    }
  }
  std::ranges::stable_sort(story.events, {}, &JobEvent::atMs);
  return story;
}

}  // namespace hetsched
