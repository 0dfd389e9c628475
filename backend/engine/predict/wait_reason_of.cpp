#include "wait_reason_of.h"

#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "engine/core/wait_facts.h"
#include "engine/policy/compiled_policy.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <tuple>

namespace hetsched {

namespace {

QueueOrder orderOf(QueueKind kind) {
  switch (kind) {
    case QueueKind::Fcfs: return QueueOrder::Fcfs;
    case QueueKind::Sjf: return QueueOrder::Sjf;
    case QueueKind::Srtf: return QueueOrder::Srtf;
    case QueueKind::Priority: return QueueOrder::Priority;
  }
  return QueueOrder::Fcfs;
}

}  // namespace

WaitReason waitReasonOf(const WaitFacts& f, PriorityClass submitted) {
  WaitReason r;
  if (!f.waiting) return r;
  r.kind = f.kind;
  r.arm = f.arm;
  r.nodesOfKind = f.nodesOfKind;
  r.nodesUp = f.nodesUp;
  r.nodesWithRoom = f.nodesWithRoom;
  // WaitFacts indexes by the bit position of its Short flags, which follow
  // ShortResource's order.
  static_assert(kShortResourceCount == std::tuple_size_v<decltype(f.shortOn)>);
  for (std::size_t i = 0; i < kShortResourceCount; ++i) r.shortOn[i] = f.shortOn[i];
  r.order = orderOf(f.queue);
  r.ahead = f.ahead;
  r.aheadByClass = f.aheadByClass;
  r.agedClass = f.agedClass;
  r.aged = f.agedClass < submitted;
  r.backfillDepth = f.backfillDepth;
  r.quota = f.quota;
  if (f.kept != WaitFacts::Kept::None) {
    r.keptNode = static_cast<std::int32_t>(f.keptNode);
    r.keptForIt = f.kept == WaitFacts::Kept::ForIt;
    r.keptFor = f.keptFor;
    r.keptUntilMs = std::llround(f.keptUntilS * 1000.0);
  }
  if (f.neverFits) r.cause = WaitCause::NeverFits;
  else if (f.blockedByGate) r.cause = WaitCause::Quota;
  else if (f.nodesUp == 0) r.cause = WaitCause::NodesDown;
  else if (f.nodesWithRoom == 0 && f.kept == WaitFacts::Kept::FromIt && f.keptHadRoom) r.cause = WaitCause::Reserved;
  else if (f.nodesWithRoom == 0) r.cause = WaitCause::Resources;
  else if (f.passedOver) r.cause = WaitCause::Deferred;
  else r.cause = WaitCause::Queue;
  return r;
}

}  // namespace hetsched
