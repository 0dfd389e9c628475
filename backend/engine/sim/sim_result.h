#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "engine/core/small_vector.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

enum class SimError : std::uint8_t { UnknownScorer, NoNodes, Cancelled, InvalidPolicy };

// Why a job never ran.
enum class UnschedulableReason : std::uint8_t { None, InvalidRuntime, NeverFits };

// A migration: the run on `fromNode` ends at `timeS` (the timeline's
// Migrated segment) and the job resumes on `toNode`, holding it but making
// no progress for `pauseS` while its state is transferred.
struct SimMove {
  double timeS = 0.0;
  std::uint32_t fromNode = 0;
  std::uint32_t toNode = 0;
  double pauseS = 0.0;

  bool operator==(const SimMove&) const = default;
};

// One job's life. Times in seconds of simulated time; -1 where it never
// happened. node/devices are those of its last run.
struct JobTimeline {
  double arrivalS = 0.0;
  double startS = -1.0;  // first start
  double lastStartS = -1.0;  // the last run's start (a restart, or a move's resumption)
  double endS = -1.0;
  double runtimeS = 0.0;
  std::uint32_t node = 0;
  SmallVector<std::uint32_t, 4> devices;  // moved from the core's Placement
  std::uint32_t preemptions = 0;
  std::uint32_t migrations = 0;
  std::vector<SimMove> moves;  // one per migration, in time order
  // Seconds the job held devices over all its runs (a run cut short by a
  // preemption, a move's pause and the last run), and the fraction of its
  // device kind's capacity its last run held: what goodput, shares and
  // finish-time fairness are computed from (service_metrics.h).
  double heldS = 0.0;
  double share = 0.0;
  JobState state = JobState::Queued;
  UnschedulableReason reason = UnschedulableReason::None;

  bool operator==(const JobTimeline&) const = default;
};

struct PreemptionEvent {
  double timeS = 0.0;
  std::uint32_t victim = 0;     // input index
  std::uint32_t preemptor = 0;  // input index
  std::uint32_t node = 0;

  bool operator==(const PreemptionEvent&) const = default;
};

// The cluster at one instant.
struct TimeSample {
  double timeS = 0.0;
  std::array<double, kDeviceKindCount> busy{};       // share of devices running something
  std::array<double, kDeviceKindCount> allocated{};  // share of capacity (milli) allocated
  double powerW = 0.0;
  std::uint32_t queued = 0;
  std::uint32_t running = 0;
};

// One team's hold on one device kind over a run, in devices of its primary
// resource (CPU cores, GPUs, TPUs; a GPU share pro rata), as the quota
// ledger counts it (team_usage_meter.h).
struct TeamUsage {
  std::optional<double> guarantee;  // the active policy's; none: not limited
  double avg = 0.0;                 // time-averaged, first arrival to last release
  double peak = 0.0;
  double borrowedHours = 0.0;       // device-hours held beyond the guarantee

  bool operator==(const TeamUsage&) const = default;
};

// One team's service in a run (service_metrics.h); "" is the jobs whose
// source names no team.
struct TeamService {
  std::string name;
  std::uint64_t completed = 0;
  double waitAvgS = 0.0;
  double share = 0.0;  // of every team's capacity-share x seconds held
  std::array<TeamUsage, kDeviceKindCount> usage{};  // by DeviceKind

  bool operator==(const TeamService&) const = default;
};

struct SimSummary {
  std::uint64_t jobs = 0;
  std::uint64_t completed = 0;
  std::uint64_t unschedulable = 0;
  double waitAvgS = 0.0;  // time not making progress: end - arrival - runtime
  double waitP50S = 0.0;
  double waitP95S = 0.0;
  double waitP99S = 0.0;
  double responseAvgS = 0.0;  // first start - arrival
  double jctAvgS = 0.0;       // end - arrival
  double slowdownAvg = 0.0;   // (end - arrival) / runtime
  double makespanS = 0.0;     // last end - first arrival
  std::array<double, kDeviceKindCount> utilization{};  // time-average of TimeSample::busy
  std::array<double, kDeviceKindCount> allocation{};   // time-average of TimeSample::allocated
  double gpuAllocationRatio = 0.0;
  // allocation, averaged from the first to the last arrival only
  std::array<double, kDeviceKindCount> allocationDuringArrivals{};
  double energyJ = 0.0;  // sum over devices of (idle + (tdp - idle) * util) dt
  std::uint64_t preemptions = 0;
  std::uint64_t migrations = 0;
  // The papers' metrics (docs/metrics.md).
  double jctP99S = 0.0;
  double gpuHours = 0.0;  // GPU time allocated
  std::uint64_t sloViolations = 0;
  double goodput = 1.0;    // useful / held device time
  double jainTeams = 1.0;  // Jain's index of per-team service rate
  double jainUsers = 1.0;
  double rhoAvg = 0.0;     // Themis finish-time fairness
  double rhoMax = 0.0;
  std::vector<TeamService> teams;  // by name
};

struct SimResult {
  std::vector<JobTimeline> jobs;  // in input order
  std::vector<PreemptionEvent> preemptions;
  std::vector<TimeSample> series;
  SimSummary summary;
};

}  // namespace hetsched
