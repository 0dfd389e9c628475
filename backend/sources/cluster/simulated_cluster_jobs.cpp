#include "base/model/job.h"
#include "engine/core/capacity_state.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/predict/queue_forecast.h"
#include "engine/sched/job_validation.h"
#include "engine/sim/event_driver.h"
#include "live_policies.h"
#include "simulated_cluster.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

// The simulated cluster's side of the scheduling core: its policies, and
// the core's decisions turned into job records and per-arm counts.
namespace hetsched {

namespace {

std::int64_t millis(double s) { return std::llround(s * 1000.0); }
double seconds(std::int64_t ms) { return static_cast<double>(ms) / 1000.0; }

}  // namespace

std::size_t SimulatedCluster::armFor(JobId id, std::uint32_t canaryPercent) {
  return canaryBucket(id) < canaryPercent ? 1 : 0;
}

std::optional<FieldError> SimulatedCluster::setPolicies(const LivePolicies& policies) {
  if (auto errors = m_driver->setPolicies(policies); !errors.empty()) return errors.front();
  // Everything already here belongs to the active arm: the canary only
  // takes new arrivals, so the arms start their counts together.
  for (auto& [id, a] : m_active) a.job.arm = 0;
  m_armStats.reset(m_driver->core().armCount());
  return std::nullopt;
}

void SimulatedCluster::arrived(JobSlot slot, Admission) {
  Active& a = bySlot(slot);
  a.job.arm = m_driver->core().armOf(slot);
  m_armStats.onArrival(a.job.arm);
}

void SimulatedCluster::refused(JobSlot slot, Refusal) {
  Active& a = bySlot(slot);
  a.job.arm = static_cast<std::uint8_t>(std::min<std::size_t>(a.job.arm, m_driver->core().armCount() - 1));
  m_armStats.onArrival(a.job.arm);
  finish(a, JobState::Unschedulable);
}

void SimulatedCluster::bound(JobSlot slot, const Placement& p, double t) {
  Active& a = bySlot(slot);
  Job& job = a.job;
  job.state = JobState::Running;
  job.startTimeMs = millis(t);
  // The plan: a running job's end is only known to the simulation.
  job.endTimeMs = millis(t + m_driver->core().remainingS(slot));
  job.node = p.node;
  job.devices.assign(p.devices.begin(), p.devices.end());
  // Waits count once, from submission to the first start.
  if (job.earlierRuns.empty()) m_armStats.onStarted(job.arm, millis(t), job.startTimeMs - job.submitTimeMs);
}

void SimulatedCluster::released(JobSlot slot, Placement& p, double t) {
  Active& a = bySlot(slot);
  a.endedRun =
      JobRun{a.job.startTimeMs, millis(t), p.node, {p.devices.begin(), p.devices.end()}, JobRun::End::Preempted};
}

void SimulatedCluster::completed(JobSlot slot, double t) {
  Active& a = bySlot(slot);
  a.job.endTimeMs = millis(t);
  // The work it did: what a replay of this job needs (its wall time also
  // holds restarts and migration pauses).
  a.job.actualRuntimeS = a.core.runtimeS;
  m_armStats.onCompleted(a.job.arm);
  finish(a, JobState::Completed);
}

void SimulatedCluster::preempted(JobSlot victim, JobSlot, std::uint32_t, double) {
  Active& a = bySlot(victim);
  a.job.state = JobState::Queued;
  if (a.endedRun) a.job.earlierRuns.push_back(std::move(*a.endedRun));
  a.endedRun.reset();
  m_armStats.onPreempted(a.job.arm);
}

void SimulatedCluster::migrated(JobSlot slot, std::uint32_t, std::uint32_t, double, double) {
  Active& a = bySlot(slot);
  if (a.endedRun) {
    a.endedRun->end = JobRun::End::Migrated;
    a.job.earlierRuns.push_back(std::move(*a.endedRun));
  }
  a.endedRun.reset();
  m_armStats.onMigrated(a.job.arm);
}

void SimulatedCluster::lost(JobSlot slot, std::uint32_t, double) {
  Active& a = bySlot(slot);
  a.job.state = JobState::Queued;
  if (a.endedRun) {
    a.endedRun->end = JobRun::End::NodeLost;
    a.job.earlierRuns.push_back(std::move(*a.endedRun));
  }
  a.endedRun.reset();
}

std::vector<Job> SimulatedCluster::jobs(std::span<const JobState> states, std::size_t limit,
                                        std::size_t* totalMatching) const {
  const auto wanted = [&](JobState s) {
    if (states.empty()) return s == JobState::Queued || s == JobState::Running;
    return std::ranges::find(states, s) != states.end();
  };
  std::vector<const Job*> matching;
  for (const Job& j : m_finished) {
    if (wanted(j.state)) matching.push_back(&j);
  }
  for (const auto& [id, a] : m_active) {
    if (wanted(a.job.state)) matching.push_back(&a.job);
  }
  if (totalMatching) *totalMatching = matching.size();
  // Only the newest `limit` are copied, and only they are sorted: this runs
  // under the gateway's lock, and at 1,000,000 devices half a million jobs
  // match, whose copy and sort held back the frame ticker.
  const auto byId = [](const Job* a, const Job* b) { return a->id < b->id; };
  if (matching.size() > limit) {
    const auto first = matching.end() - static_cast<std::ptrdiff_t>(limit);
    std::ranges::nth_element(matching, first, byId);
    matching.erase(matching.begin(), first);
  }
  std::ranges::sort(matching, byId);
  std::vector<Job> out;
  out.reserve(matching.size());
  for (const Job* j : matching) out.push_back(*j);
  return out;
}

std::unique_ptr<QueueForecast> SimulatedCluster::forecast() const {
  std::vector<ForecastJob> jobs;
  jobs.reserve(m_active.size());
  for (const auto& [id, a] : m_active) jobs.push_back({a.slot, id, a.job.submitTimeMs, a.core});
  // The driver has run every event before now (step() advances to it).
  auto out = std::make_unique<QueueForecast>(*m_driver, std::move(jobs), seconds(m_nowMs));
  // A repaired node comes back with the first report whose period starts
  // at or after its repair time (failAndRecoverNodes), at that period's end.
  const std::int64_t period = m_options.agentPeriodMs;
  for (std::uint32_t n = 0; n < m_downUntil.size(); ++n) {
    if (m_downUntil[n] == 0) continue;
    const std::int64_t from = std::max(m_nowMs, (m_downUntil[n] + period - 1) / period * period);
    out->nodeReturns(n, seconds(from + period));
  }
  return out;
}

ForecastOptions SimulatedCluster::recentArrivals(double windowS) const {
  ForecastOptions out;
  out.firstFreeSlot = static_cast<JobSlot>(m_bySlot.size());
  const auto since = m_nowMs - static_cast<std::int64_t>(windowS * 1000.0);
  std::vector<const Job*> recent;
  for (const Job& j : m_finished)
    if (j.submitTimeMs >= since && j.state != JobState::Unschedulable) recent.push_back(&j);
  for (const auto& [id, a] : m_active)
    if (a.job.submitTimeMs >= since) recent.push_back(&a.job);
  // Submission order, so the cycle repeats the recent mix in its order.
  std::ranges::sort(recent, {}, [](const Job* j) { return std::pair(j->submitTimeMs, j->id); });
  for (const Job* j : recent) {
    CoreJob& c = out.arrivalTemplates.emplace_back();
    c.spec = j->spec;
    c.key = j->spec.name;
    // What recent jobs really took where they finished (estimates run long
    // and would offer more load than arrives), else the estimate.
    c.runtimeS = j->actualRuntimeS > 0 ? j->actualRuntimeS : std::max(j->spec.estimatedRuntimeS, 1.0);
  }
  out.arrivalRatePerS = static_cast<double>(recent.size()) / std::max(windowS, 1.0);
  return out;
}

}  // namespace hetsched
