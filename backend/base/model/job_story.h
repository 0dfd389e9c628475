#pragma once

#include "job.h"
#include "job_prediction.h"
#include "job_timeline.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// One stretch of a job's life: waiting in the queue (no devices) or a run on
// devices, ended by the job finishing (Running), a preemption (Preempted) or
// a move elsewhere (Migrated).
struct JobStretch {
  SegmentKind kind = SegmentKind::Waiting;
  std::int64_t startMs = 0;
  std::int64_t endMs = -1;  // -1: still going at JobStory::nowMs
  std::vector<std::uint32_t> devices;

  bool operator==(const JobStretch&) const = default;
};

struct JobEvent {
  // NodeLost: a run the job's node took down with it (the live list's
  // JobRun::End::NodeLost; timelines draw it as preempted).
  enum class Kind : std::uint8_t { Submitted, Started, Preempted, Migrated, NodeLost, Finished, Refused };
  Kind kind = Kind::Submitted;
  std::int64_t atMs = 0;
  std::vector<std::uint32_t> devices;  // where it started, or the run that ended

  bool operator==(const JobEvent&) const = default;
};

// Everything known about one job, for its story panel: the job as listed,
// its stretches and events in time order, and the totals so far. Derived from
// the same timeline the queue view draws (timelineFromJobs), so the two can
// never disagree about a preemption or a move.
struct JobStory {
  Job job;
  std::int64_t nowMs = 0;
  std::vector<JobStretch> stretches;
  std::vector<JobEvent> events;
  std::int64_t waitedMs = 0;  // in the queue, all waits together, up to now
  std::int64_t ranMs = 0;     // on devices, all runs together, up to now

  // From the live forecast (the scheduling core run forward), attached by
  // whoever has one: when a waiting job is expected to start and why it
  // waits. -1 and cause Unknown without a forecast (a replay has none).
  std::int64_t predictedStartMs = -1;
  WaitReason waitReason;
};

// From the job's segments, in any order and from any source that draws
// timelines: the live list (timelineFromJobs, which knows earlier runs where
// the source reports them) or a what-if run's timeline. Segments of other
// jobs are ignored.
JobStory jobStoryOf(const Job& job, std::span<const TimelineSegment> segments, std::int64_t nowMs);
// The live list's view: timelineFromJobs of the job alone.
JobStory jobStoryOf(const Job& job, std::int64_t nowMs);

}  // namespace hetsched
