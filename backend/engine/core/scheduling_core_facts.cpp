#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "core_job.h"
#include "decision_sink.h"
#include "job_queue.h"
#include "node_fit.h"
#include "ordered_run.h"
#include "quota_ledger.h"
#include "scheduling_core.h"
#include "wait_facts.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

// "Why is my job pending?": the facts the core can state about a waiting
// job without running anything forward.
namespace hetsched {

namespace {

std::size_t bitIndex(std::uint8_t bit) { return static_cast<std::size_t>(std::countr_zero(bit)); }

}  // namespace

std::uint8_t SchedulingCore::lacksOn(JobSlot j, std::uint32_t n) const {
  if (!m_state.isUp(n)) return WaitFacts::kDown;
  const CoreJob& job = *m_slots[j].job;
  const JobRequests& r = specOf(j).requests;
  const NodeInfo& node = m_topology.nodes[n];
  std::uint8_t shortOf = 0;
  const DeviceRange devices = m_state.primary(n);
  if (!job.allowedModels.empty() &&
      (devices.count == 0 ||
       std::ranges::find(job.allowedModels, m_topology.devices[devices.first].model) == job.allowedModels.end()))
    shortOf |= WaitFacts::kModel;
  if (r.memoryMib > m_state.freeMemory(n)) shortOf |= WaitFacts::kMemory;
  if (node.kind == DeviceKind::Cpu) {
    if (r.cpuMilli > m_state.nodeFreeMilli(n)) shortOf |= WaitFacts::kCpu;
  } else {
    if (r.cpuMilli > m_state.hostFreeCpu(n)) shortOf |= WaitFacts::kCpu;
    if (!acceleratorsFit(m_topology, m_state, r, n)) shortOf |= WaitFacts::kAccelerator;
  }
  return shortOf;
}

// Where the job could go: the nodes of its kind, what each lacks for it.
void SchedulingCore::nodeFacts(JobSlot j, WaitFacts& f) const {
  const CoreJob& job = *m_slots[j].job;
  const JobRequests& r = specOf(j).requests;
  f.neverFits = !m_shapes.canEverFit(r, f.kind, job.allowedModels);
  for (const std::uint32_t n : m_index.nodesOf(f.kind)) {
    ++f.nodesOfKind;
    const std::uint8_t shortOf = lacksOn(j, n);
    if (shortOf == WaitFacts::kDown) {
      ++f.shortOn[bitIndex(WaitFacts::kDown)];
      continue;
    }
    ++f.nodesUp;
    for (std::uint8_t bit = 1; bit < (1u << 5); bit <<= 1)
      if (shortOf & bit) ++f.shortOn[bitIndex(bit)];
    if (shortOf == 0 && fitOnNode(m_topology, m_state, r, n)) ++f.nodesWithRoom;
  }
}

// The reservation as it bears on the job: the node kept for it, or kept
// from it while it would still run when the kept job is expected to start
// there (what fitFor blocks at dispatch).
void SchedulingCore::reservationFacts(JobSlot j, double t, WaitFacts& f) const {
  const Arm::Reservation& kept = m_arms[m_slots[j].arm].reservations[m_slots[j].kind];
  if (kept.node == kNoNode || kept.job == kNoJob || !isWaiting(kept.job)) return;
  f.keptNode = kept.node;
  f.keptUntilS = kept.shadowS;
  if (kept.job == j) {
    f.kept = WaitFacts::Kept::ForIt;
    return;
  }
  if (keptFrom(j, t) == kNoNode) return;
  f.kept = WaitFacts::Kept::FromIt;
  f.keptFor = idOf(kept.job);
  f.keptHadRoom = lacksOn(j, kept.node) == 0 && fitOnNode(m_topology, m_state, specOf(j).requests, kept.node);
  if (f.keptHadRoom && f.nodesWithRoom > 0) --f.nodesWithRoom;
}

void SchedulingCore::quotaFacts(JobSlot j, WaitFacts& f) const {
  f.blockedByGate = (m_quotas || m_options.gate) && held(j);
  const Slot& s = m_slots[j];
  if (m_quotas && !m_quotas->allows(s.arm, s.team, s.kind, s.need))
    f.quota = m_quotas->standing(s.arm, s.team, s.kind, s.need);
}

WaitFacts SchedulingCore::waitFacts(JobSlot j, double t) const {
  WaitFacts f;
  if (!isWaiting(j)) return f;
  f.waiting = true;
  f.arm = m_slots[j].arm;
  f.kind = static_cast<DeviceKind>(m_slots[j].kind);
  const CoreJob& job = *m_slots[j].job;
  nodeFacts(j, f);

  const Arm& arm = m_arms[f.arm];
  f.queue = arm.policy.queue;
  f.backfillDepth = arm.policy.backfillDepth;
  const JobQueue& queue = arm.queues[m_slots[j].kind];
  f.agedClass = JobQueue::agedClass(job.spec.priority, t - job.arrivalS, arm.policy.agingIntervalS);
  QueueEntry mine{};
  bool found = false;
  queue.forEach([&](const QueueEntry& e) {
    if (e.job == j && !stale(e)) {
      mine = e;
      found = true;
    }
  });
  if (found) {
    queue.forEach([&](const QueueEntry& e) {
      if (stale(e) || e.job == j || !queue.servedBefore(e, mine, t)) return;
      ++f.ahead;
      if (JobQueue::agedClass(e.priority, t - e.arrivalS, arm.policy.agingIntervalS) < f.agedClass) ++f.aheadByClass;
    });
  }
  quotaFacts(j, f);
  f.passedOver = passedOver(j, m_slots[j].kind);
  reservationFacts(j, t, f);
  return f;
}

std::vector<WaitFacts> SchedulingCore::waitFacts(std::span<const JobSlot> slots, double t) const {
  // Each queue in service order once: a job's place is how many are ahead,
  // and a running count per aged class says how many of those outrank it.
  struct Place {
    std::uint32_t ahead = 0;
    std::uint32_t byClass = 0;
  };
  std::unordered_map<JobSlot, Place> places;
  std::vector<QueueEntry> entries;
  for (const Arm& arm : m_arms) {
    for (const JobQueue& queue : arm.queues) {
      entries.clear();
      queue.forEach([&](const QueueEntry& e) {
        if (!stale(e)) entries.push_back(e);
      });
      std::ranges::sort(entries, [&](const QueueEntry& a, const QueueEntry& b) { return queue.servedBefore(a, b, t); });
      std::array<std::uint32_t, kPriorityClassCount> seen{};
      for (std::size_t i = 0; i < entries.size(); ++i) {
        const QueueEntry& e = entries[i];
        const auto cls =
            static_cast<std::size_t>(JobQueue::agedClass(e.priority, t - e.arrivalS, arm.policy.agingIntervalS));
        Place p{static_cast<std::uint32_t>(i), 0};
        for (std::size_t c = 0; c < cls; ++c) p.byClass += seen[c];
        places[e.job] = p;
        ++seen[cls];
      }
    }
  }
  // Jobs asking for the same thing of the same kind see the same nodes.
  using Key = std::tuple<std::uint8_t, std::uint32_t, std::uint64_t, std::uint32_t, std::uint32_t, std::uint32_t,
                         std::vector<std::uint32_t>>;
  std::map<Key, WaitFacts> byRequest;
  std::vector<WaitFacts> out(slots.size());
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const JobSlot j = slots[i];
    if (!isWaiting(j)) continue;
    WaitFacts& f = out[i];
    const CoreJob& job = *m_slots[j].job;
    const JobRequests& r = specOf(j).requests;
    Key key{m_slots[j].kind, r.cpuMilli, r.memoryMib, r.gpuCount, r.gpuMilli, r.tpuCount, job.allowedModels};
    auto it = byRequest.find(key);
    if (it == byRequest.end()) {
      WaitFacts nodes;
      nodes.kind = static_cast<DeviceKind>(m_slots[j].kind);
      nodeFacts(j, nodes);
      it = byRequest.emplace(std::move(key), nodes).first;
    }
    f = it->second;
    f.waiting = true;
    f.arm = m_slots[j].arm;
    const Arm& arm = m_arms[f.arm];
    f.queue = arm.policy.queue;
    f.backfillDepth = arm.policy.backfillDepth;
    f.agedClass = JobQueue::agedClass(job.spec.priority, t - job.arrivalS, arm.policy.agingIntervalS);
    if (const auto p = places.find(j); p != places.end()) {
      f.ahead = p->second.ahead;
      f.aheadByClass = p->second.byClass;
    }
    quotaFacts(j, f);
    f.passedOver = passedOver(j, m_slots[j].kind);
    reservationFacts(j, t, f);
  }
  return out;
}

void SchedulingCore::rebind(JobSlot j, const CoreJob& job) {
  if (j < m_slots.size() && m_slots[j].phase != kIdle) m_slots[j].job = &job;
}

}  // namespace hetsched
