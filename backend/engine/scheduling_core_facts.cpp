#include "core_seams.h"
#include "node_fit.h"
#include "scheduling_core.h"

#include <algorithm>
#include <bit>

// "Why is my job pending?": the facts the core can state about a waiting
// job without running anything forward.
namespace hetsched {

namespace {

std::size_t bitIndex(std::uint8_t bit) { return static_cast<std::size_t>(std::countr_zero(bit)); }

}  // namespace

WaitFacts SchedulingCore::waitFacts(JobSlot j, double t) const {
  WaitFacts f;
  if (!isWaiting(j)) return f;
  f.waiting = true;
  f.arm = m_slots[j].arm;
  f.kind = static_cast<DeviceKind>(m_slots[j].kind);
  const CoreJob& job = *m_slots[j].job;
  const JobSpec& spec = specOf(j);
  const JobRequests& r = spec.requests;
  f.neverFits = !m_shapes.canEverFit(r, f.kind, job.allowedModels);

  for (const std::uint32_t n : m_index.nodesOf(f.kind)) {
    ++f.nodesOfKind;
    if (!m_state.isUp(n)) {
      ++f.shortOn[bitIndex(WaitFacts::kDown)];
      continue;
    }
    ++f.nodesUp;
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
    for (std::uint8_t bit = 1; bit < (1u << 5); bit <<= 1)
      if (shortOf & bit) ++f.shortOn[bitIndex(bit)];
    if (shortOf == 0 && fitOnNode(m_topology, m_state, r, n)) ++f.nodesWithRoom;
  }

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
  f.blockedByGate = m_options.gate && !m_options.gate->allows(j, job, f.kind);
  return f;
}

void SchedulingCore::rebind(JobSlot j, const CoreJob& job) {
  if (j < m_slots.size() && m_slots[j].phase != kIdle) m_slots[j].job = &job;
}

}  // namespace hetsched
