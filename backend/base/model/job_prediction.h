#pragma once

#include "device_kind.h"
#include "job.h"
#include "quota_standing.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace hetsched {

// Why a waiting job is not running now, as values a front end words itself
// (the console translates, the CLI prints English): the backend never
// returns user text. `cause` is the first that applies, in this order
// (Reserved before Resources).
enum class WaitCause : std::uint8_t {
  Unknown,    // no facts (not yet seen by the scheduler: submitted since its last round)
  NeverFits,  // no node of its kind could hold it even empty: the largest node is too small
  Quota,      // an admission limit (quota) holds it back
  NodesDown,  // every node of its kind is down
  Resources,  // no node of its kind has room now (shortOn says what is short)
  Queue,      // some node has room, but jobs ahead of it go first
  // Some node has room, but the policy's job selector (the learned hybrid)
  // picked it and deferred it: it is offered again once capacity of its
  // kind is freed. This and Reserved come last, so that the wire's older
  // values keep their numbers (Reserved applies before Resources).
  Deferred,
  // No node has room but one kept for the job of its kind that has waited
  // longest (the learned policy's reservation, keptFor), and this job would
  // still run when that one is expected to start there (keptUntilMs).
  Reserved,
};
inline constexpr std::size_t kWaitCauseCount = 8;

// A resource a node lacks for a job (indices into WaitReason::shortOn).
enum class ShortResource : std::uint8_t { Cpu, Memory, Accelerator, Model, Down };
inline constexpr std::size_t kShortResourceCount = 5;

// The scheduler's queue discipline, as the reason reports it.
enum class QueueOrder : std::uint8_t { Fcfs, Sjf, Srtf, Priority };

struct WaitReason {
  WaitCause cause = WaitCause::Unknown;
  DeviceKind kind = DeviceKind::Cpu;  // the device kind it was routed to
  std::uint32_t nodesOfKind = 0;
  std::uint32_t nodesUp = 0;
  std::uint32_t nodesWithRoom = 0;
  // How many of the kind's nodes lack each resource (a node short of two
  // counts in both; Down counts down nodes).
  std::array<std::uint32_t, kShortResourceCount> shortOn{};
  QueueOrder order = QueueOrder::Fcfs;
  std::uint32_t ahead = 0;         // jobs of its arm and kind served before it
  std::uint32_t aheadByClass = 0;  // of those, how many outrank it by (aged) priority class
  PriorityClass agedClass = PriorityClass::Middle;  // its class after aging
  bool aged = false;               // aging raised it above its submitted class
  std::uint32_t backfillDepth = 0;  // jobs behind a blocked head that may still start
  std::uint8_t arm = 0;             // 0 active policy, 1 canary candidate
  QuotaStanding quota;              // Quota: the team's numbers (team empty: a StartGate's hold)
  // A node kept for the job of its kind that has waited longest (the
  // learned policy's reservation), where it bears on this job: kept for it
  // (keptForIt), or kept from it for job keptFor until keptUntilMs, when
  // that job is expected to start there. -1: none.
  std::int32_t keptNode = -1;
  bool keptForIt = false;
  JobId keptFor = 0;
  std::int64_t keptUntilMs = -1;

  // The resource most nodes of its kind are short of (Resources).
  ShortResource mostShort() const;
  bool operator==(const WaitReason&) const = default;
};

// One waiting job's prediction: when and where the scheduling core, run
// forward from now, starts it, and why it waits now. A small value the
// views take (queue panel, timeline, job and device details).
struct JobPrediction {
  JobId job = 0;
  std::int64_t startMs = -1;  // -1: not within the forecast (never fits, or past its horizon)
  std::int64_t endMs = -1;    // the predicted run's end (its expected runtime)
  std::int32_t node = -1;
  std::vector<std::uint32_t> devices;
  WaitReason reason;

  bool operator==(const JobPrediction&) const = default;
};

// Whether a gateway could give predictions, and if not, why.
enum class PredictionAvailability : std::uint8_t {
  Available,
  NotScheduling,  // the source observes a real cluster it does not schedule
  NotYet,         // the first forecast is still being computed
};

// The forecast of a whole queue, as the gateway publishes it.
struct QueuePredictions {
  PredictionAvailability availability = PredictionAvailability::NotYet;
  std::int64_t atMs = 0;          // the cluster time the forecast starts from
  double computeMs = 0.0;         // how long it took (copy + run forward)
  std::uint64_t frameSequence = 0;  // the frame it was taken after
  std::vector<JobPrediction> jobs;  // every waiting job, in service order
};

std::string_view toString(WaitCause cause);
std::string_view toString(ShortResource resource);
std::string_view toString(QueueOrder order);

}  // namespace hetsched
