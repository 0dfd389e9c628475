#include "base/model/device_kind.h"
#include "core_seams.h"
#include "decision_sink.h"
#include "job_queue.h"
#include "ordered_run.h"
#include "placement_scorer.h"
#include "quota_ledger.h"
#include "scheduling_core.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

// Dispatch: which waiting jobs start now, in the queue discipline's order,
// with backfill behind a blocked head (seed §2.2, §2.3).
namespace hetsched {

void SchedulingCore::dispatchDirty(double t) {
  for (std::size_t k = 0; k < kDeviceKindCount; ++k)
    if (m_dirty[k]) dispatch(k, t);
}

void SchedulingCore::dispatch(std::size_t k, double t) {
  m_dirty[k] = false;
  if (m_options.selector || std::ranges::any_of(m_arms, [](const Arm& a) { return a.selector != nullptr; })) {
    selectDispatch(k, t);
  } else if (m_quotas && std::ranges::any_of(m_arms, [](const Arm& a) { return a.policy.quotas.fairShare; })) {
    // Fair share reorders across teams; each arm in turn (a canary's
    // arrivals are few, and the arms share the ledger).
    for (Arm& arm : m_arms) {
      if (arm.policy.quotas.fairShare) {
        fairDispatch(arm, k, t);
        continue;
      }
      Pass pass{arm.queues[k].walk(t)};
      while (walkStep(arm, k, t, pass, true)) {
      }
    }
  } else if (m_arms.size() == 1) {
    Pass pass{m_arms.front().queues[k].walk(t)};
    while (walkStep(m_arms.front(), k, t, pass, true)) {
    }
  } else {
    // Arms take turns, one attempt each, so that neither starves the other
    // of capacity freed at the same moment.
    std::array<Pass, 2> pass{Pass{m_arms[0].queues[k].walk(t)}, Pass{m_arms[1].queues[k].walk(t)}};
    std::array<bool, 2> more{true, true};
    while (more[0] || more[1]) {
      for (std::size_t a = 0; a < m_arms.size(); ++a)
        if (more[a]) more[a] = walkStep(m_arms[a], k, t, pass[a], !more[1 - a]);
    }
  }
  m_dirty[k] = false;
}

// One attempt at the arm's next job of kind k; false when the arm is done
// for now (queue read to its end, or more than backfill_depth jobs blocked).
// Jobs that do not start stay in the queue, where they are. `alone`: no
// other arm takes turns with this one, so the jobs it passes over without
// trying may all be passed in one step.
bool SchedulingCore::walkStep(Arm& arm, std::size_t k, double t, Pass& pass, bool alone) {
  JobQueue::Walk& walk = pass.walk;
  // Stale entries (withdrawn jobs, jobs started by preemption) are dropped
  // as met; a queue with no more entries than waiting jobs has none, and
  // its entries need no look at their slots.
  const JobQueue& queue = arm.queues[k];
  const std::uint32_t& waiting = arm.waiting[k];
  while (!walk.done() && queue.size() > waiting && stale(walk.entry())) walk.take();
  if (walk.done()) return false;
  const QueueEntry head = walk.entry();
  // A head that failed and has seen no capacity freed since fails again.
  const bool knownBlocked = arm.blocked[k].seq == head.seq && arm.blocked[k].epoch == m_epoch[k];
  // A job its quota holds is passed over without counting as blocked: the
  // teams queue apart (Kueue's ClusterQueues), so one team over its quota
  // does not hold up the others, whatever the backfill depth.
  if ((m_quotas || m_options.gate) && held(head.job)) {
    walk.next();
    return true;
  }
  // A job of a shape that fits on no node fails too; only a scorer that
  // asks every node may skip it (another might draw a random number, or
  // keep state, on a failed try).
  const bool fitsNowhere = arm.exhaustive && m_unplaceable.fitsNowhere(head.shape);
  if (!knownBlocked && !fitsNowhere) {
    if (tryStart(head.job, t)) {
      walk.take();
      return true;
    }
    if (arm.marks) markUnplaceable(head.job);
  }
  if (pass.held == 0) arm.blocked[k] = {head.seq, m_epoch[k]};
  if (pass.held >= arm.policy.backfillDepth) return false;
  ++pass.held;
  walk.next();
  // The jobs after it that fit nowhere fail without a try; only the count
  // of jobs passed over matters (the blocked head is recorded above). With
  // arms taking turns each is one turn, as a try would be.
  while (alone && arm.exhaustive && !walk.done() && pass.held < arm.policy.backfillDepth) {
    const QueueEntry& e = walk.entry();
    if (queue.size() > waiting && stale(e)) {
      walk.take();
    } else if (m_unplaceable.fitsNowhere(e.shape)) {
      ++pass.held;
      walk.next();
    } else {
      break;
    }
  }
  // When every job the arm has waiting of this kind is of a shape that fits
  // nowhere, the rest of the walk could only fail: nothing changes by
  // reading it (the blocked head is recorded above).
  return !arm.marks || anyMayFit(arm, k);
}

bool SchedulingCore::anyMayFit(const Arm& arm, std::size_t k) {
  const auto a = static_cast<std::size_t>(&arm - m_arms.data());
  if (m_unplaceable.unknown(a, k) != 0) m_unplaceable.recheck(m_topology, m_state, k);
  return m_unplaceable.unknown(a, k) != 0;
}

void SchedulingCore::markUnplaceable(JobSlot j) {
  Slot& slot = m_slots[j];
  if (slot.shape == UnplaceableShapes::kNone) {
    slot.shape = m_unplaceable.intern(static_cast<DeviceKind>(slot.kind), specOf(j).requests, slot.job->allowedModels);
    m_unplaceable.assign(slot.arm, slot.kind, slot.shape);
  }
  m_unplaceable.mark(slot.shape);
}

// The learned-selection seam. Each step reads the first window() waiting
// jobs in place (a walk; stale entries are dropped as met) and tries the
// one the selector picks: only a start changes the queue (the started
// job's entry goes stale). A job tried and failed in this dispatch (at most
// backfill_depth of them) is passed over by the later steps, as if out of
// the queue. The choices are those of taking the window out and putting
// it back, as an earlier version did: under a deep queue that cost an SJF
// run's removal and 15 insertions per try (tst_hybrid
// deepQueueScheduleUnchanged holds the schedules it made).
// A job that fits on no node now is not offered (the selector's hard mask,
// checked exactly: each job's fit on the free capacity index); its shape is
// marked (UnplaceableShapes) until a node of its kind grows to fit it, so
// the jobs of that shape are passed on their queue entries alone. A job
// picked that did not start is not offered again until capacity of its
// kind is freed (m_passedAt): under a deep queue every arrival's dispatch
// would otherwise check and fail the same jobs again. Offering a
// job that fits nowhere cost the dispatch (a pick that fails ends it), and
// a trained selector learned to shun long-waiting jobs as a proxy for not
// fitting: on Alibaba's lists at x0.01 the mask halves the trained
// hybrid's mean wait and the training seeds agree within 6 %
// (docs/reproductions/hybrid.md).
void SchedulingCore::selectDispatch(std::size_t k, double t) {
  for (Arm& arm : m_arms) arm.held.clear();
  std::array<bool, 2> more{true, true};
  while (more[0] || (m_arms.size() > 1 && more[1])) {
    for (std::size_t a = 0; a < m_arms.size(); ++a)
      if (more[a]) more[a] = selectStep(m_arms[a], k, t);
  }
  for (Arm& arm : m_arms)
    for (const JobSlot j : arm.held) m_selectHeld[j] = 0;
}

// How many waiting jobs a selector step reads per job its window holds.
constexpr std::uint32_t kSelectionScan = 2;

// An arm without a selector (the other arm of a canary) takes its head.
bool SchedulingCore::selectStep(Arm& arm, std::size_t k, double t) {
  JobSelector* selector = selectorOf(arm);
  const std::uint32_t width = selector ? selector->window() : 1;
  std::vector<SelectionCandidate>& candidates = m_candidates;
  candidates.clear();
  const std::uint32_t maxFree = m_index.maxFree(static_cast<DeviceKind>(k));
  // The job waiting longest past the selector's limit is started first
  // while it fits, on its scorer's node (which may not defer it: a node
  // kept, then given up to a deferral and filled again, idled it for
  // nothing, over and over); while it fits nowhere, a node is kept for it.
  if (selector && reserveAfterS(arm, k) > 0.0) {
    const JobSlot due = overdue(arm, k, t);
    if (due != kNoJob && (m_quotas || m_options.gate) && held(due)) {
      arm.reservations[k].node = kNoNode;  // its quota holds it, not the room
    } else if (due != kNoJob && !passedOver(due, k) && (arm.held.empty() || !m_selectHeld[due])) {
      if (fitsSomewhere(due, k, maxFree, t)) {
        arm.reservations[k].node = kNoNode;
        if (tryStart(due, t, true)) return true;
        passOver(due, k);
      } else if (arm.reservations[k].node == kNoNode) {
        keepNode(due, k, t, arm.reservations[k]);
      }
    }
  }
  // Every waiting job of a shape that fits nowhere: nothing to offer (under
  // a deep queue, most arrivals' dispatches), without reading the queue.
  if (selector && arm.marks && !anyMayFit(arm, k)) return false;
  bool anyFits = false;
  // A step reads at most this many queue entries, passed over or not,
  // unless it has found no job to offer by then: under a deep queue most
  // fit nowhere, and reading past all of them to fill the window on every
  // dispatch cost the hybrid 2x its time. Until one is found the walk goes
  // on (a cap there left nodes idle while jobs that fit waited further
  // back).
  const std::uint32_t scan = kSelectionScan * width;
  std::uint32_t read = 0;
  JobQueue::Walk walk = arm.queues[k].walk(t);
  while (!walk.done() && candidates.size() < width && (read++ < scan || candidates.empty())) {
    const QueueEntry& e = walk.entry();
    // A job of a shape marked to fit nowhere is not offered: passed on its
    // entry alone, stale or not (reading the slot of each, under a deep
    // queue most of those a step reads, cost the hybrid a third of its
    // time). Such entries count as read, as they did when they were
    // checked one by one.
    if (selector && m_unplaceable.fitsNowhere(e.shape)) {
      walk.next();
      continue;
    }
    if (stale(e)) {
      walk.take();
      continue;
    }
    if (!passedOver(e.job, k) && (arm.held.empty() || !m_selectHeld[e.job])) {
      const Slot& slot = m_slots[e.job];
      if (!selector || fitsSomewhere(e.job, k, maxFree, t)) {
        candidates.push_back({e.job, t - slot.job->arrivalS, expectedRuntime(e.job), slot.need});
        anyFits = anyFits || slot.need <= maxFree;
      }
    }
    walk.next();
  }
  if (candidates.empty()) return false;
  // A job needing more of its kind than any node has free fails on every
  // node. When none in the window fits, a failure ends the dispatch anyway
  // and a failed try changes nothing in the scorer, the try fails whichever
  // is picked: nothing is picked or tried (under a deep queue, most
  // arrivals' dispatches).
  if (!anyFits && arm.held.size() >= arm.policy.backfillDepth && arm.scorer->quietWhenNothingFits()) return false;
  const std::size_t pick =
      selector ? std::min(candidates.size() - 1, selector->pick(candidates, {m_topology, m_state, m_index},
                                                                static_cast<std::uint8_t>(&arm - m_arms.data()),
                                                                static_cast<DeviceKind>(k), t))
               : 0;
  const JobSlot chosen = candidates[pick].slot;
  const bool gated = (m_quotas || m_options.gate) && held(chosen);
  if (!gated && tryStart(chosen, t)) return true;
  // Until capacity of its kind is freed it would not start on a later
  // dispatch either (an arrival's): only a release can make room, and a
  // deferral waits for one by definition.
  if (!gated) passOver(chosen, k);
  if (arm.held.size() >= arm.policy.backfillDepth) return false;
  arm.held.push_back(chosen);
  if (m_selectHeld.size() < m_slots.size()) m_selectHeld.resize(m_slots.size(), 0);
  m_selectHeld[chosen] = 1;
  return true;
}

// A failed check marks the job's shape (UnplaceableShapes), needing more of
// its kind than any node has free included: under a deep queue most waiting
// jobs fit nowhere, many of one shape, and asking every node for each of
// them on every dispatch cost 5x the hybrid's time. With every such job's
// shape marked, a step with nothing to offer ends without reading the queue
// (anyMayFit): it read the whole queue in half of all steps, at x0.01 on
// Alibaba's lists, when a job too large for any node was only passed over.
bool SchedulingCore::fitsSomewhere(JobSlot j, std::size_t k, std::uint32_t maxFree, double t) {
  const Slot& slot = m_slots[j];
  if (m_unplaceable.fitsNowhere(slot.shape)) return false;
  if (slot.need <= maxFree) {
    const std::uint32_t kept = fitFor(j, t);
    ShapeFit* known = nullptr;
    if (slot.shape != UnplaceableShapes::kNone) {
      if (slot.shape >= m_shapeFit.size()) m_shapeFit.resize(std::size_t{slot.shape} + 1);
      known = &m_shapeFit[slot.shape];
      if (known->node != kNoNode && known->node != kept && m_state.version(known->node) == known->version) return true;
    }
    if (const std::optional<std::uint32_t> node = m_index.firstFit(static_cast<DeviceKind>(k), slot.need, 0, m_fit)) {
      if (known) *known = {*node, m_state.version(*node)};
      return true;
    }
    // It fits only where a node is kept for another job: the shape is not
    // marked (a shorter job of it may fit there, and with a canary the
    // other arm may use that node; marks are shared), the job is passed
    // over until a release.
    if (kept != kNoNode) {
      m_fit.reset(*slot.job, specOf(j));
      if (m_fit.fits(kept)) {
        passOver(j, k);
        return false;
      }
    }
  }
  markUnplaceable(j);
  return false;
}

void SchedulingCore::passOver(JobSlot j, std::size_t k) {
  if (m_passedAt.size() < m_slots.size()) m_passedAt.resize(m_slots.size(), 0);
  m_passedAt[j] = m_epoch[k] + 1;
}

// How many waiting jobs (of those the quotas admit) fair share orders per
// dispatch, at least; a policy's backfill depth + 1 when larger.
constexpr std::uint32_t kFairShareWindow = 64;

// Dominant resource fairness (Ghodsi et al., NSDI'11) across teams: the
// next job tried is the first waiting job, in the queue discipline's order,
// of the team whose running jobs hold the smallest dominant share; jobs its
// quota holds are passed over, failures count against backfill_depth as in
// walkStep.
void SchedulingCore::fairDispatch(Arm& arm, std::size_t k, double t) {
  struct Next {
    QueueEntry entry;
    std::uint32_t order;  // place in the discipline's order
  };
  // The first `window` waiting jobs the quotas admit, in the discipline's
  // order (held ones are passed, as walkStep passes them): reading a deep
  // queue whole on every dispatch cost 40x in `bench sim --workload
  // backlog` (26,000 waiting).
  const std::uint32_t window = std::max<std::uint32_t>(kFairShareWindow, arm.policy.backfillDepth + 1);
  std::vector<std::vector<Next>> byTeam;
  JobQueue::Walk walk = arm.queues[k].walk(t);
  std::uint32_t order = 0;
  while (!walk.done() && order < window) {
    if (stale(walk.entry())) {
      walk.take();
      continue;
    }
    const QueueEntry& e = walk.entry();
    if (held(e.job)) {
      walk.next();
      continue;
    }
    const std::uint32_t team = m_slots[e.job].team;
    if (team >= byTeam.size()) byTeam.resize(std::size_t{team} + 1);
    byTeam[team].push_back({e, order++});
    walk.next();
  }
  std::vector<std::size_t> next(byTeam.size(), 0);
  std::uint32_t blocked = 0;
  for (;;) {
    std::size_t best = byTeam.size();
    double bestShare = 0.0;
    for (std::size_t team = 0; team < byTeam.size(); ++team) {
      if (next[team] >= byTeam[team].size()) continue;
      const double share = m_quotas->dominantShare(static_cast<QuotaLedger::TeamId>(team));
      if (best == byTeam.size() || share < bestShare ||
          (share == bestShare && byTeam[team][next[team]].order < byTeam[best][next[best]].order)) {
        best = team;
        bestShare = share;
      }
    }
    if (best == byTeam.size()) return;
    const QueueEntry e = byTeam[best][next[best]++].entry;
    if (held(e.job)) continue;  // a start since took its team past its quota
    if (!(arm.exhaustive && m_unplaceable.fitsNowhere(e.shape))) {
      if (tryStart(e.job, t)) continue;  // its entry is stale now, dropped when met
      if (arm.marks) markUnplaceable(e.job);
    }
    if (blocked >= arm.policy.backfillDepth) return;
    ++blocked;
  }
}

bool SchedulingCore::tryStart(JobSlot j, double t, bool overdue) {
  Arm& arm = armOfJob(j);
  fitFor(j, t);
  PlacementRequest request = requestOf(j);
  request.overdue = overdue;
  const auto node = arm.scorer->choose({m_topology, m_state, m_index}, request, m_fit);
  if (!node) return false;
  start(j, m_fit.take(*node), t);
  return true;
}

}  // namespace hetsched
