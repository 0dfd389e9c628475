#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/quota_standing.h"
#include "engine/policy/compiled_policy.h"

#include <array>
#include <cstdint>

namespace hetsched {

// Why a waiting job is not running now, as facts a front end words itself
// (live predictions, `hetsched queue`): where it was routed, whether any
// node could ever hold it, what is short on the nodes of its kind now, and
// who is ahead of it in its arm's queue.
struct WaitFacts {
  // A resource a node lacks for the job (bit per resource).
  enum Short : std::uint8_t {
    kCpu = 1 << 0,          // CPU milli (host CPU on accelerator nodes)
    kMemory = 1 << 1,
    kAccelerator = 1 << 2,  // whole devices or a share of one
    kModel = 1 << 3,        // no allowed device model on the node
    kDown = 1 << 4,         // the node is down
  };

  bool waiting = false;  // false: the slot is not a waiting job (nothing below applies)
  std::uint8_t arm = 0;
  DeviceKind kind = DeviceKind::Cpu;
  // No node of the kind could hold it even empty: "can never fit".
  bool neverFits = false;
  std::uint32_t nodesOfKind = 0;
  std::uint32_t nodesUp = 0;
  std::uint32_t nodesWithRoom = 0;  // up nodes it fits on right now
  // How many of the kind's up nodes lack each resource (a node short of two
  // counts in both).
  std::array<std::uint32_t, 5> shortOn{};  // indexed by bit position of Short
  // The queue: jobs of the same arm and kind served before it at `t`, and
  // of those how many outrank it by (aged) priority class.
  QueueKind queue = QueueKind::Fcfs;
  std::uint32_t ahead = 0;
  std::uint32_t aheadByClass = 0;
  PriorityClass agedClass = PriorityClass::Middle;
  std::uint32_t backfillDepth = 0;  // jobs behind a blocked head that may still start
  bool blockedByGate = false;       // the policy's quotas (or a StartGate) hold it back
  // The job selector picked it and it did not start: it is left out of the
  // selector's window until capacity of its kind is freed.
  bool passedOver = false;
  // The node kept for the job of its arm and kind that has waited longest
  // (a job selector's reservation, JobSelector::reserveAfterS), where it
  // bears on this job: kept for it, or kept from it, because it would still
  // be running when the kept job is expected to start there. A node kept
  // from it is not among nodesWithRoom.
  enum class Kept : std::uint8_t { None, ForIt, FromIt };
  Kept kept = Kept::None;
  std::uint32_t keptNode = 0;
  std::uint64_t keptFor = 0;      // FromIt: the id of the job it is kept for
  double keptUntilS = 0.0;        // when that job is expected to start there
  bool keptHadRoom = false;       // FromIt: the node has room for this job now
  QuotaStanding quota;              // when the policy's quotas hold it: its team's numbers
};

}  // namespace hetsched
