#include "simulation_run.h"

#include "policy/preemption.h"

#include <algorithm>

// Work that moves running jobs: preemption (seed §2.4 ShouldPreempt, SRTF)
// and migration (§2.4's hand-over from a loaded device to one with room).
namespace hetsched {

void SimulationRun::evict(std::uint32_t v, std::uint32_t by, double t) {
  release(v);
  const double ran = t - m_runStart[v];
  if (keepsProgress()) {
    m_remaining[v] -= ran;
    m_doneS[v] += ran;
  } else {
    m_remaining[v] = m_jobs[v].runtimeS;
    m_doneS[v] = 0.0;
  }
  m_remaining[v] += m_policy.restartCostS;
  ++m_generation[v];  // its pending completion is void
  ++m_timeline[v].preemptions;
  m_preemptionLog.push_back({t, v, by, m_placement[v].node});
  m_placement[v] = Placement{};
  enqueue(v);
}

bool SimulationRun::tryPreempt(std::uint32_t j, double t) {
  auto& victims = m_victims[m_kind[j]];
  const bool srtf = m_policy.queue == QueueKind::Srtf;
  std::uint32_t tries = 0;
  for (auto it = victims.begin(); it != victims.end() && tries < m_options.maxVictimTries; ++it, ++tries) {
    const std::uint32_t v = it->job;
    // Victims are ordered so that once one does not qualify, none after it does.
    if (srtf ? !(expectedRemaining(j, t) < expectedRemaining(v, t))
             : !shouldPreempt(m_jobs[v].spec.priority, m_jobs[v].spec.interruptible, m_jobs[j].spec.priority))
      break;
    const Placement& held = m_placement[v];
    m_state.release(held);
    m_fit.reset(m_jobs[j], specOf(j));
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
  using Check = std::function<std::optional<std::uint32_t>(std::uint32_t)>;
  explicit MigrationSource(Check check) : m_check(std::move(check)) {}
  bool fits(std::uint32_t node) override {
    m_job = m_check(node);
    return m_job.has_value();
  }
  std::optional<std::uint32_t> job() const { return m_job; }

 private:
  Check m_check;
  std::optional<std::uint32_t> m_job;
};

// Bounds that keep one completion's migration search cheap.
constexpr std::uint32_t kMaxSourcesVisited = 16;
constexpr std::size_t kMaxJobsTriedPerSource = 4;

}  // namespace

void SimulationRun::migrateInto(std::uint32_t target, double t) {
  const DeviceKind kind = m_topology.nodes[target].kind;
  const double threshold = m_policy.migrationThreshold;
  auto load = [&](std::uint32_t n, std::uint32_t freeMilli) {
    const double total = m_state.nodeTotalMilli(n);
    return total > 0 ? 1.0 - freeMilli / total : 0.0;
  };
  for (std::uint32_t moved = 0; moved < m_policy.migrationMaxPerEvent; ++moved) {
    MigrationSource source([&](std::uint32_t from) -> std::optional<std::uint32_t> {
      if (from == target || load(from, m_state.nodeFreeMilli(from)) <= threshold) return std::nullopt;
      const auto& jobs = m_nodeJobs[from];
      std::size_t tried = 0;
      for (auto it = jobs.rbegin(); it != jobs.rend() && tried < kMaxJobsTriedPerSource; ++it, ++tried) {
        const std::uint32_t j = *it;
        if (!m_jobs[j].spec.interruptible) continue;
        if (m_need[j] > m_state.nodeFreeMilli(target)) continue;
        if (load(target, m_state.nodeFreeMilli(target) - m_need[j]) > threshold) continue;
        m_fit.reset(m_jobs[j], specOf(j));
        if (m_fit.fits(target)) return j;
      }
      return std::nullopt;
    });
    const auto freeBelow = static_cast<std::uint32_t>((1.0 - threshold) * m_index.maxTotal(kind));
    if (!m_index.mostLoaded(kind, freeBelow, kMaxSourcesVisited, source) || !source.job()) return;
    const std::uint32_t j = *source.job();
    m_fit.reset(m_jobs[j], specOf(j));
    if (!m_fit.fits(target)) return;
    move(j, m_fit.take(target), t, pauseOf(j));
  }
}

void SimulationRun::move(std::uint32_t j, Placement placement, double t, double pauseS) {
  const std::uint32_t from = m_placement[j].node;
  release(j);
  const double ran = t - m_runStart[j];
  m_remaining[j] -= ran;
  m_doneS[j] += ran;
  m_remaining[j] += pauseS;  // paused, holding the target, while its state is synchronised
  ++m_generation[j];
  JobTimeline& tl = m_timeline[j];
  ++tl.migrations;
  tl.moves.push_back({t, from, placement.node, pauseS});
  ++m_migrations;
  ++m_queued;  // start() counts the job out of the queue
  start(j, std::move(placement), t);
}

}  // namespace hetsched
