#pragma once

#include "base/model/slo_targets.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/sched/job_validation.h"
#include "event_driver.h"
#include "sim_job.h"
#include "sim_result.h"
#include "simulation_options.h"
#include "team_usage_meter.h"
#include "usage_meter.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace hetsched {

// One what-if run: drives the core through the event driver over all jobs
// and records what it decided as the per-job timeline, the preemption log,
// the time series and the summary. Internal to hetsched_sim.
class SimulationRun final : public EventObserver {
 public:
  SimulationRun(const Topology& topology, const SimulationOptions& options, std::span<const SimJob> jobs);

  // Also takes the active policy's target waits (unless the options set
  // them) and guarantees, which the summary judges the run by.
  std::vector<FieldError> setPolicies(const PolicyArms& arms);
  SimResult execute();
  // True when execute() stopped on SimulationOptions::cancel.
  bool cancelled() const { return m_cancelled; }

 private:
  // The sampling and tick interval, worked out once (a pass over the jobs).
  SimulationRun(const Topology& topology, const SimulationOptions& options, std::span<const SimJob> jobs,
                double intervalS);
  void advancing(double t, std::uint32_t queued, std::uint32_t running) override {
    m_meter.advance(t, queued, running);
  }
  void completed(JobSlot job, double t) override;
  void refused(JobSlot job, Refusal why) override;
  void arrivalsDone() override { m_meter.closeArrivalWindow(); }
  void completesNext(JobSlot job) override;
  void bound(JobSlot job, const Placement& placement, double t) override;
  void released(JobSlot job, Placement& placement, double t) override;
  void preempted(JobSlot victim, JobSlot by, std::uint32_t node, double t) override;
  void migrated(JobSlot job, std::uint32_t from, std::uint32_t to, double pauseS, double t) override;
  void lost(JobSlot job, std::uint32_t node, double t) override;

  std::span<const SimJob> m_jobs;
  std::span<const NodeChange> m_nodeChanges;
  double m_endS;
  UsageMeter m_meter;
  EventDriver m_driver;
  bool m_cancelled = false;
  std::vector<JobTimeline> m_timeline;
  std::vector<PreemptionEvent> m_preemptionLog;
  std::uint64_t m_migrations = 0;
  std::optional<SloTargets> m_sloOverride;
  SloTargets m_sloTargets = kDefaultTargetWaitS;
  TeamUsageMeter m_teamUsage;
};

}  // namespace hetsched
