#pragma once

#include "job.h"
#include "job_prediction.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

// What a job was doing over one stretch of time: waiting, running, a run
// cut short (Preempted: by a preemption or a lost node) or a run that ended
// with a move to other devices (Migrated). Live jobs carry their earlier
// runs (Job::earlierRuns); what-if results their preemptions and moves.
enum class SegmentKind : std::uint8_t { Waiting, Running, Preempted, Migrated, Predicted };

struct TimelineSegment {
  JobId job = 0;
  std::int32_t device = -1;   // -1: not on a device (waiting in the queue)
  std::int64_t startMs = 0;
  std::int64_t endMs = -1;    // -1: still open at JobTimeline::nowMs
  SegmentKind kind = SegmentKind::Waiting;

  bool operator==(const TimelineSegment&) const = default;
};

struct TimelineJob {
  JobId id = 0;
  std::string name;
  JobKind kind = JobKind::Service;
  PriorityClass priority = PriorityClass::Middle;
  std::string team;  // JobSpec::team; "" when the source names none

  bool operator==(const TimelineJob&) const = default;
};

// (Predicted: a run the live forecast expects, drawn apart from the record.)
// Every job's history as segments on a common clock (the cluster's simulated
// or wall time, whichever the jobs' times are in).
struct JobTimeline {
  std::vector<TimelineJob> jobs;
  std::vector<TimelineSegment> segments;
  std::int64_t nowMs = 0;
};

// Live jobs as a timeline: waiting from submit to start (or to now while
// queued), each earlier run (Preempted or Migrated, one segment per device)
// and the wait after it, then one running segment per device, closed at the
// end of a completed job and open while it runs (a running job's endTimeMs
// is only the plan). Unschedulable jobs waited until they were refused,
// which the list does not record, so they are left out.
JobTimeline timelineFromJobs(std::span<const Job> jobs, std::int64_t nowMs);

// One waiting job as the queue panel shows it, in service order.
struct QueuedJobPrediction {
  JobId id = 0;
  std::string name;
  JobKind kind = JobKind::Service;
  PriorityClass priority = PriorityClass::Middle;
  std::string owner;  // empty: not reported
  std::string team;
  std::int64_t submitMs = 0;
  std::int64_t predictedStartMs = -1;  // -1: unknown
  std::int32_t predictedNode = -1;     // -1: unknown
  WaitReason reason;                   // cause Unknown: no forecast

  bool operator==(const QueuedJobPrediction&) const = default;
};

// The queued jobs of a list in priority-class-then-submit-time order (the
// order the gateway's strict-priority FIFO serves them), with no prediction.
std::vector<QueuedJobPrediction> queueByPriorityThenSubmit(std::span<const Job> jobs);

// The queued jobs of a list in the order the gateway's live forecast starts
// them, with its predicted start, node and reason; queued jobs it does not
// cover (submitted since) follow in priority-then-submit order.
std::vector<QueuedJobPrediction> queueWithPredictions(std::span<const Job> jobs, const QueuePredictions& predictions);

// The forecast's runs as Predicted segments, one per device, for the jobs
// the timeline holds.
void addPredictedRuns(JobTimeline& timeline, const QueuePredictions& predictions);

}  // namespace hetsched
