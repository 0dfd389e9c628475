#include "simulation_run.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/huge_pages.h"
#include "engine/core/policy_arms.h"
#include "engine/core/prefetch.h"
#include "engine/policy/quota_spec.h"
#include "engine/sched/job_validation.h"
#include "event_driver.h"
#include "service_metrics.h"
#include "sim_job.h"
#include "sim_result.h"
#include "sim_summary.h"
#include "simulation_options.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

double autoInterval(std::span<const SimJob> jobs) {
  double lo = INFINITY, hi = -INFINITY, longest = 0.0;
  for (const SimJob& j : jobs) {
    if (!std::isfinite(j.arrivalS)) continue;
    lo = std::min(lo, j.arrivalS);
    hi = std::max(hi, j.arrivalS);
    if (std::isfinite(j.runtimeS)) longest = std::max(longest, j.runtimeS);
  }
  const double span = hi - lo + longest;
  return span > 0 && std::isfinite(span) ? span / 500.0 : 1.0;
}

CoreOptions coreOptionsOf(const SimulationOptions& o) {
  CoreOptions c;
  c.seed = o.seed;
  c.maxVictimTries = o.maxVictimTries;
  c.scorers = o.scorers;
  c.weightsFromFiles = o.weightsFromFiles;
  c.runtimes = o.runtimes;
  c.defaultRuntimeS = o.defaultRuntimeS;
  return c;
}

EventDriverOptions driverOptionsOf(const SimulationOptions& o, double intervalS) {
  EventDriverOptions d;
  d.tickIntervalS = intervalS;
  d.tickOriginS = o.tickOriginS;
  d.cancel = o.cancel;
  d.arrivals = o.arrivals;
  return d;
}

}  // namespace

SimulationRun::SimulationRun(const Topology& topology, const SimulationOptions& options, std::span<const SimJob> jobs)
    : SimulationRun(topology, options, jobs,
                    options.sampleIntervalS > 0 ? options.sampleIntervalS : autoInterval(jobs)) {}

SimulationRun::SimulationRun(const Topology& topology, const SimulationOptions& options, std::span<const SimJob> jobs,
                             double intervalS)
    : m_jobs(jobs),
      m_nodeChanges(options.nodeChanges),
      m_endS(options.endS),
      m_meter(topology, CapacityState(topology), intervalS, options.maxSamples),
      m_driver(topology, coreOptionsOf(options), driverOptionsOf(options, intervalS), *this),
      m_sloOverride(options.sloTargetWaitS),
      m_teamUsage(jobs, QuotaSpec{}) {
  resizeOnHugePages(m_timeline, jobs.size());
}

std::vector<FieldError> SimulationRun::setPolicies(const PolicyArms& arms) {
  m_sloTargets = m_sloOverride ? *m_sloOverride : arms.active.sloTargetWaitS;
  m_teamUsage.setQuotas(arms.active.quotas);
  return m_driver.setPolicies(arms);
}

SimResult SimulationRun::execute() {
  m_driver.reserve(m_jobs.size());
  for (JobSlot j = 0; j < m_jobs.size(); ++j) {
    m_timeline[j].arrivalS = m_jobs[j].arrivalS;
    m_timeline[j].runtimeS = m_jobs[j].runtimeS;
    m_driver.add(j, m_jobs[j]);
  }
  for (const NodeChange& c : m_nodeChanges)
    if (c.node < m_driver.core().topology().nodes.size()) m_driver.scheduleNodeEvent(c.node, c.up, c.timeS);
  if (!m_driver.advanceTo(m_endS)) {
    m_cancelled = true;
    return {};
  }
  const SchedulingCore& core = m_driver.core();
  m_meter.finish(core.queued(), core.running());

  SimResult result;
  // Run to the end, a job still waiting could never fit (which cannot
  // happen while NodeShapes is exact; never drop a job silently). A run cut
  // at endS leaves waiting jobs waiting.
  for (JobTimeline& tl : m_timeline) {
    if (tl.state == JobState::Queued && std::isinf(m_endS)) {
      tl.state = JobState::Unschedulable;
      tl.reason = UnschedulableReason::NeverFits;
    }
  }
  result.summary = summarize(m_timeline, m_meter, m_preemptionLog.size(), m_migrations);
  addServiceMetrics(result.summary, m_jobs, m_timeline, m_sloTargets);
  m_teamUsage.fill(result.summary.teams);
  result.jobs = std::move(m_timeline);
  result.preemptions = std::move(m_preemptionLog);
  result.series = m_meter.takeSeries();
  return result;
}

void SimulationRun::refused(JobSlot j, Refusal why) {
  m_timeline[j].state = JobState::Unschedulable;
  m_timeline[j].reason =
      why == Refusal::InvalidRuntime ? UnschedulableReason::InvalidRuntime : UnschedulableReason::NeverFits;
}

void SimulationRun::bound(JobSlot j, const Placement& p, double t) {
  m_meter.afterAllocate(p, m_driver.core().capacity());
  JobTimeline& tl = m_timeline[j];
  tl.state = JobState::Running;
  if (tl.startS < 0.0) tl.startS = t;
  tl.lastStartS = t;
  tl.node = p.node;
  double milli = 0.0;
  for (const std::uint32_t m : p.milli) milli += m;
  const DeviceKind kind = m_driver.core().topology().nodes[p.node].kind;
  const double capacity = m_meter.capacityMilli(kind);
  tl.share = capacity > 0.0 ? milli / capacity : 0.0;
  m_teamUsage.add(j, kind, milli, t);
}

void SimulationRun::released(JobSlot j, Placement& p, double t) {
  m_meter.afterRelease(p, m_driver.core().capacity());
  double milli = 0.0;
  for (const std::uint32_t m : p.milli) milli += m;
  m_teamUsage.sub(j, m_driver.core().topology().nodes[p.node].kind, milli, t);
  m_timeline[j].heldS += t - m_timeline[j].lastStartS;
  // The devices of the last run; the last release is the completion.
  m_timeline[j].devices = std::move(p.devices);
}

void SimulationRun::completesNext(JobSlot j) {
  // A timeline is two cache lines; released() and completed() touch both.
  prefetch(&m_timeline[j]);
  prefetch(reinterpret_cast<const char*>(&m_timeline[j]) + 64);
  m_teamUsage.prefetch(j);
}

void SimulationRun::completed(JobSlot j, double t) {
  JobTimeline& tl = m_timeline[j];
  tl.state = JobState::Completed;
  tl.endS = t;
}

void SimulationRun::preempted(JobSlot victim, JobSlot by, std::uint32_t node, double t) {
  m_timeline[victim].state = JobState::Queued;
  ++m_timeline[victim].preemptions;
  m_preemptionLog.push_back({t, victim, by, node});
}

void SimulationRun::migrated(JobSlot j, std::uint32_t from, std::uint32_t to, double pauseS, double t) {
  JobTimeline& tl = m_timeline[j];
  ++tl.migrations;
  tl.moves.push_back({t, from, to, pauseS});
  ++m_migrations;
}

void SimulationRun::lost(JobSlot j, std::uint32_t, double) { m_timeline[j].state = JobState::Queued; }

}  // namespace hetsched
