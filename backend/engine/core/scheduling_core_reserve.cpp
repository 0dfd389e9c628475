#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "core_seams.h"
#include "decision_sink.h"
#include "scheduling_core.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

// Reservations for a job selector's long-waiting jobs (JobSelector::
// reserveAfterS). The selector is offered only jobs that fit now, so a job
// that fits on no node while smaller ones take every room that opens would
// wait for as long as the load lasts: on Alibaba's lists at x0.03, five
// 8-GPU jobs asking 120 cores and 640-737 GiB, which only the three G3
// nodes of the excerpt can take, waited until arrivals ended and a G3 node
// drained (a day and more), and how long turned on which long jobs the
// trained weights had put on those nodes (docs/reproductions/hybrid.md).
// The node kept is the one where the job could start soonest: a node that
// has most free now may run a job for months. Others may use it while they
// are expected to end before then, so keeping it costs little.
namespace hetsched {

double SchedulingCore::reserveAfterS(const Arm& arm, std::size_t k) const {
  const JobSelector* selector = selectorOf(arm);
  return selector ? selector->reserveAfterS(arm.meanWaitS[k]) : 0.0;
}

JobSlot SchedulingCore::overdue(Arm& arm, std::size_t k, double t) {
  Arm::Reservation& reservation = arm.reservations[k];
  const double afterS = reserveAfterS(arm, k);
  auto& byArrival = arm.byArrival[k];
  while (!byArrival.empty() && stale(byArrival.front())) {
    std::ranges::pop_heap(byArrival, laterArrival);
    byArrival.pop_back();
  }
  if (afterS <= 0.0 || byArrival.empty() || t - byArrival.front().arrivalS <= afterS) {
    reservation = {};
    return kNoJob;
  }
  const JobSlot j = byArrival.front().job;
  if (reservation.job != j) reservation = {j, kNoNode, 0.0};
  // A node kept that went down keeps nothing: another is chosen.
  if (reservation.node != kNoNode && !m_state.isUp(reservation.node)) reservation.node = kNoNode;
  return j;
}

void SchedulingCore::keepNode(JobSlot j, std::size_t k, double t, Arm::Reservation& reservation) const {
  const JobRequests& r = specOf(j).requests;
  const std::uint32_t need = m_slots[j].need;
  const auto& models = m_slots[j].job->allowedModels;
  // Per node, the running jobs' expected ends and what each frees.
  struct Frees {
    double endS;
    std::uint32_t milli, cpuMilli;
    std::uint64_t memoryMib;
  };
  std::vector<std::vector<Frees>> running(m_topology.nodes.size());
  for (JobSlot s = 0; s < m_slots.size(); ++s) {
    if (m_slots[s].phase != kRunning) continue;
    const Placement& p = m_placement[s];
    std::uint32_t milli = 0;
    for (const std::uint32_t m : p.milli) milli += m;
    running[p.node].push_back({t + expectedRemaining(s, t), milli, p.hostCpuMilli, p.memoryMib});
  }
  reservation.node = kNoNode;
  for (const std::uint32_t n : m_index.nodesOf(static_cast<DeviceKind>(k))) {
    const NodeInfo& node = m_topology.nodes[n];
    if (!m_state.isUp(n) || m_state.nodeTotalMilli(n) < need || node.memoryMib < r.memoryMib) continue;
    const bool cpuNode = node.kind == DeviceKind::Cpu;
    if (!cpuNode && node.cpuMilli < r.cpuMilli) continue;
    if (!models.empty()) {
      const DeviceRange devices = m_state.primary(n);
      if (devices.count == 0 || std::ranges::find(models, m_topology.devices[devices.first].model) == models.end())
        continue;
    }
    // Released in order of expected end until the node has, in all, what
    // the job asks (which GPU each share is on aside).
    auto& ends = running[n];
    std::ranges::sort(ends, {}, &Frees::endS);
    std::uint32_t milli = m_index.freeOf(n);
    std::uint32_t cpu = cpuNode ? 0 : m_state.hostFreeCpu(n);
    std::uint64_t memory = m_state.freeMemory(n);
    double at = t;
    for (const Frees& f : ends) {
      if (milli >= need && (cpuNode || cpu >= r.cpuMilli) && memory >= r.memoryMib) break;
      milli += f.milli, cpu += f.cpuMilli, memory += f.memoryMib;
      at = std::max(at, f.endS);
    }
    if (reservation.node == kNoNode || at < reservation.shadowS) {
      reservation.node = n;
      reservation.shadowS = at;
    }
  }
}

std::uint32_t SchedulingCore::keptFrom(JobSlot j, double t) const {
  const Arm::Reservation& reservation = armOfJob(j).reservations[m_slots[j].kind];
  if (reservation.node == kNoNode || reservation.job == j) return kNoNode;
  if (t + expectedRuntime(j) <= reservation.shadowS) return kNoNode;
  return reservation.node;
}

std::uint32_t SchedulingCore::fitFor(JobSlot j, double t) {
  m_fit.reset(*m_slots[j].job, specOf(j));
  const std::uint32_t kept = keptFrom(j, t);
  if (kept != kNoNode) m_fit.block(kept);
  return kept;
}

}  // namespace hetsched
