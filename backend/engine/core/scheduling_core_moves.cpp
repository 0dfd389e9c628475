#include "base/model/device_kind.h"
#include "capacity_state.h"
#include "decision_sink.h"
#include "free_capacity_index.h"
#include "preemption.h"
#include "scheduling_core.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

// Work that moves running jobs: preemption (seed §2.4 ShouldPreempt, SRTF)
// and migration when a completion frees a node (§2.4's hand-over from a
// loaded device to one with room).
namespace hetsched {

void SchedulingCore::evict(JobSlot v, JobSlot by, double t) {
  const Arm& arm = armOfJob(v);
  release(v, t);
  const double ran = t - m_slots[v].runStart;
  if (arm.keepsProgress()) {
    m_slots[v].remaining -= ran;
    m_slots[v].doneS += ran;
  } else {
    m_slots[v].remaining = m_slots[v].job->runtimeS > 0.0 ? m_slots[v].job->runtimeS : expectedRuntime(v);
    m_slots[v].doneS = 0.0;
  }
  m_slots[v].remaining += arm.policy.restartCostS;
  ++m_slots[v].generation;  // its pending completion is void
  ++m_runsCut;
  ++m_slots[v].preemptions;
  const std::uint32_t node = m_placement[v].node;
  m_placement[v] = Placement{};
  enqueue(v);
  if (m_sink) m_sink->preempted(v, by, node, t);
}

bool SchedulingCore::tryPreempt(JobSlot j, double t) {
  // A job its quota holds does not start by evicting others either.
  if ((m_quotas || m_options.gate) && held(j)) return false;
  Arm& arm = armOfJob(j);
  auto& victims = arm.victims[m_slots[j].kind];
  const bool srtf = arm.srtf();
  std::uint32_t tries = 0;
  for (auto it = victims.begin(); it != victims.end() && tries < m_options.maxVictimTries; ++it, ++tries) {
    const JobSlot v = it->job;
    // Victims are ordered so that once one does not qualify, none after it does.
    if (srtf ? !(expectedRemaining(j, t) < expectedRemaining(v, t))
             : !shouldPreempt(m_slots[v].job->spec.priority, m_slots[v].job->spec.interruptible,
                              m_slots[j].job->spec.priority))
      break;
    const Placement& held = m_placement[v];
    m_state.release(held);
    m_fit.reset(*m_slots[j].job, specOf(j));
    const bool fits = m_fit.fits(held.node);
    m_state.allocate(held);
    if (!fits) continue;
    const std::uint32_t node = held.node;
    evict(v, j, t);
    start(j, m_fit.take(node), t);
    return true;
  }
  return false;
}

namespace {

// Accepts a node above the migration threshold that runs a job which fits
// on the target and would not push the target above the threshold itself.
class MigrationSource final : public FitOracle {
 public:
  using Check = std::function<std::optional<JobSlot>(std::uint32_t)>;
  explicit MigrationSource(Check check) : m_check(std::move(check)) {}
  bool fits(std::uint32_t node) override {
    m_job = m_check(node);
    return m_job.has_value();
  }
  std::optional<JobSlot> job() const { return m_job; }

 private:
  Check m_check;
  std::optional<JobSlot> m_job;
};

// Bounds that keep one completion's migration search cheap.
constexpr std::uint32_t kMaxSourcesVisited = 16;
constexpr std::size_t kMaxJobsTriedPerSource = 4;

}  // namespace

void SchedulingCore::migrateInto(std::uint32_t target, double t) {
  if (!m_state.isUp(target)) return;
  const DeviceKind kind = m_topology.nodes[target].kind;
  auto load = [&](std::uint32_t n, std::uint32_t freeMilli) {
    const double total = m_state.nodeTotalMilli(n);
    return total > 0 ? 1.0 - freeMilli / total : 0.0;
  };
  // The target takes jobs of arms that migrate, each under its own rule;
  // the loosest bound decides how far the search goes.
  std::uint32_t maxMoves = 0;
  double threshold = 1.0;
  for (const Arm& a : m_arms) {
    if (!a.policy.migration) continue;
    maxMoves = std::max(maxMoves, a.policy.migrationMaxPerEvent);
    threshold = std::min(threshold, a.policy.migrationThreshold);
  }
  for (std::uint32_t moved = 0; moved < maxMoves; ++moved) {
    MigrationSource source([&](std::uint32_t from) -> std::optional<JobSlot> {
      if (from == target || load(from, m_state.nodeFreeMilli(from)) <= threshold) return std::nullopt;
      const auto& jobs = m_nodeJobs[from];
      std::size_t tried = 0;
      for (auto it = jobs.rbegin(); it != jobs.rend() && tried < kMaxJobsTriedPerSource; ++it, ++tried) {
        const JobSlot j = *it;
        const Arm& arm = armOfJob(j);
        if (!m_slots[j].job->spec.interruptible || !arm.policy.migration || moved >= arm.policy.migrationMaxPerEvent)
          continue;
        const double limit = arm.policy.migrationThreshold;
        if (load(from, m_state.nodeFreeMilli(from)) <= limit) continue;
        if (m_slots[j].need > m_state.nodeFreeMilli(target)) continue;
        if (load(target, m_state.nodeFreeMilli(target) - m_slots[j].need) > limit) continue;
        m_fit.reset(*m_slots[j].job, specOf(j));
        if (m_fit.fits(target)) return j;
      }
      return std::nullopt;
    });
    const auto freeBelow = static_cast<std::uint32_t>((1.0 - threshold) * m_index.maxTotal(kind));
    if (!m_index.mostLoaded(kind, freeBelow, kMaxSourcesVisited, source)) return;
    const auto picked = source.job();
    if (!picked) return;
    const JobSlot j = *picked;
    m_fit.reset(*m_slots[j].job, specOf(j));
    if (!m_fit.fits(target)) return;
    move(j, m_fit.take(target), t, pauseOf(armOfJob(j), j));
  }
}

void SchedulingCore::move(JobSlot j, Placement placement, double t, double pauseS) {
  const std::uint32_t from = m_placement[j].node;
  const std::uint32_t to = placement.node;
  release(j, t);
  const double ran = t - m_slots[j].runStart;
  m_slots[j].remaining -= ran;
  m_slots[j].doneS += ran;
  m_slots[j].remaining += pauseS;  // paused, holding the target, while its state is synchronised
  ++m_slots[j].generation;
  ++m_runsCut;
  ++m_queued;  // start() counts the job out of the queue
  if (m_sink) m_sink->migrated(j, from, to, pauseS, t);
  start(j, std::move(placement), t);
}

}  // namespace hetsched
