#pragma once

#include "arm_stats.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/queue_ages.h"
#include "base/model/topology.h"
#include "cluster_source.h"
#include "device_physics.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/decision_sink.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/scorer_registry.h"
#include "engine/predict/queue_forecast.h"
#include "engine/sched/job_validation.h"
#include "engine/sim/event_driver.h"
#include "live_policies.h"
#include "sim_options.h"
#include "workload_generator.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <unordered_map>
#include <variant>
#include <vector>

namespace hetsched {

// A heterogeneous cluster in simulated time: node agents report every
// agentPeriodMs (seed §4.1), a trace-shaped workload arrives, and the one
// scheduling core (backend/engine/core) runs the jobs, driven by the same event
// driver as the what-if simulator, one agent period at a time; utilisation,
// power and temperature follow the jobs. The core decides at each event's
// own time (an arrival, a completion, a node failure), so the same arrivals
// run here and in a what-if give the same placements and start times.
// Deterministic for a given seed and sequence of calls.
class SimulatedCluster final : public ClusterSource, private EventObserver {
 public:
  explicit SimulatedCluster(Topology topology, SimOptions options = {});
  // Builds the topology from options.shape; throws std::invalid_argument on a bad shape.
  explicit SimulatedCluster(const SimOptions& options);
  ~SimulatedCluster() override;

  const Topology& topology() const override { return m_topology; }
  void step() override;
  const Frame& frame() const override { return m_frame; }
  std::variant<JobId, FieldError> submit(const JobSpec& spec) override;
  std::vector<Job> jobs(std::span<const JobState> states, std::size_t limit, std::size_t* totalMatching) const override;
  // New arrivals whose id hashes below canaryPercent go to the candidate;
  // jobs already waiting or running stay with (and count for) the active arm.
  // A policy the core cannot run here is refused, naming the field.
  std::optional<FieldError> setPolicies(const LivePolicies& policies) override;
  // Which arm (0 active, 1 candidate) job `id` of a new arrival goes to.
  static std::size_t armFor(JobId id, std::uint32_t canaryPercent);

  std::int64_t nowMs() const { return m_nowMs; }
  // Takes effect at the current time, before anything else the next step does.
  void setNodeUp(std::uint32_t node, bool up);
  // Runs `seconds` of simulated time without anyone watching.
  void fastForward(double seconds);
  // The core as it stands (between steps), for predictions and tests.
  const SchedulingCore& core() const { return m_driver->core(); }
  // Every waiting job's predicted start and node, and why it waits: a fork
  // of this cluster's event driver (queue_forecast.h).
  std::unique_ptr<QueueForecast> forecast() const override;
  QueueAges queueAges() const override { return m_queueAges; }
  // The forecast option "arrivals at the recent rate": the jobs submitted
  // in the last `windowS` seconds as templates, at their rate.
  ForecastOptions recentArrivals(double windowS) const;

 private:
  struct Active {
    Job job;
    CoreJob core;  // what the scheduling core sees; must not move while the job is in the core
    JobSlot slot = 0;
    float intensity = 1.0f;
    float memoryFraction = 0.5f;
    std::optional<JobRun> endedRun;  // the run just released, until we know why
  };

  // One agent period of the workload and the core, without the frame's metrics.
  void advance();
  Active& admit(const JobSpec& spec, double runtimeS, std::int64_t submitMs);
  void failAndRecoverNodes(std::int64_t atMs);
  void finish(Active& a, JobState state);
  void updateMetrics(double dtS);
  void fillQueueSummary();
  Active& bySlot(JobSlot slot) { return *m_bySlot[slot]; }

  // The core's decisions, turned into job records and arm counts.
  void advancing(double, std::uint32_t, std::uint32_t) override {}
  void arrived(JobSlot slot, Admission admission) override;
  void completed(JobSlot slot, double t) override;
  void refused(JobSlot slot, Refusal why) override;
  void bound(JobSlot slot, const Placement& placement, double t) override;
  void released(JobSlot slot, Placement& placement, double t) override;
  void preempted(JobSlot victim, JobSlot by, std::uint32_t node, double t) override;
  void migrated(JobSlot slot, std::uint32_t from, std::uint32_t to, double pauseS, double t) override;
  void lost(JobSlot slot, std::uint32_t node, double t) override;

  Topology m_topology;
  SimOptions m_options;
  ScorerRegistry m_scorers;
  std::unique_ptr<EventDriver> m_driver;
  ArmStats m_armStats;
  WorkloadGenerator m_workload;
  DevicePhysics m_physics;
  std::mt19937_64 m_rng;
  std::mt19937_64 m_noiseRng;  // the metrics' noise only

  std::int64_t m_nowMs = 0;
  JobId m_nextId = 1;
  std::unordered_map<JobId, Active> m_active;  // node-based: Active::core keeps its address
  std::vector<Active*> m_bySlot;
  std::vector<JobSlot> m_freeSlots;
  std::deque<Job> m_finished;
  std::vector<std::int64_t> m_downUntil;
  std::vector<std::uint32_t> m_repairing;  // nodes with a m_downUntil set, in no order
  std::vector<Arrival> m_arrivals;
  std::vector<float> m_utilTarget;
  std::vector<float> m_memTarget;
  std::vector<std::uint32_t> m_biggestShare;
  Frame m_frame;
  QueueAges m_queueAges;  // filled with the queue summary
};

}  // namespace hetsched
