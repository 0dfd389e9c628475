#pragma once

#include "arm_stats.h"
#include "cluster_source.h"
#include "device_physics.h"
#include "sched/capacity_state.h"
#include "policy_arm.h"
#include "sim_options.h"
#include "workload_generator.h"

#include <deque>
#include <memory>
#include <queue>
#include <random>
#include <set>
#include <unordered_map>

namespace hetsched {

// A heterogeneous cluster in simulated time: node agents report every
// agentPeriodMs (seed §4.1), a trace-shaped workload arrives, the live
// Placer runs jobs, and utilisation, power and temperature follow them.
// Deterministic for a given seed and sequence of calls.
class SimulatedCluster final : public ClusterSource {
 public:
  explicit SimulatedCluster(Topology topology, SimOptions options = {});
  // Builds the topology from options.shape; throws std::invalid_argument on a bad shape.
  explicit SimulatedCluster(SimOptions options);

  const Topology& topology() const override { return m_topology; }
  void step() override;
  const Frame& frame() const override { return m_frame; }
  std::variant<JobId, FieldError> submit(const JobSpec& spec) override;
  std::vector<Job> jobs(std::span<const JobState> states, std::size_t limit,
                        std::size_t* totalMatching) const override;
  // New arrivals whose id hashes below canaryPercent go to the candidate;
  // jobs already waiting or running stay with (and count for) the active arm.
  std::optional<FieldError> setPolicies(const LivePolicies& policies) override;
  // Which arm (0 active, 1 candidate) job `id` of a new arrival goes to.
  static std::size_t armFor(JobId id, std::uint32_t canaryPercent);

  std::int64_t nowMs() const { return m_nowMs; }
  void setNodeUp(std::uint32_t node, bool up);
  // Runs `seconds` of simulated time without anyone watching.
  void fastForward(double seconds);

 private:
  struct Active {
    Job job;
    Placement placement;
    double runtimeS = 0.0;
    float intensity = 1.0f;
    float memoryFraction = 0.5f;
    std::uint8_t arm = 0;
    std::uint64_t startedUnder = 0;  // m_policyGeneration when it started
  };

  JobId enqueue(const JobSpec& spec, double runtimeS, std::int64_t submitMs);
  void failAndRecoverNodes(std::int64_t untilMs);
  void completeUntil(std::int64_t untilMs);
  void schedule();
  void start(Active& a, Placement p);
  void requeue(Active& a);
  void release(Active& a);
  void syncIndex(std::uint32_t node);
  void finish(Active&& a, JobState state);
  void updateMetrics(double dtS);
  void fillQueueSummary();

  Topology m_topology;
  SimOptions m_options;
  CapacityState m_capacity;
  FreeCapacityIndex m_index;
  std::vector<std::unique_ptr<PolicyArm>> m_arms;  // [0] active, [1] candidate
  std::uint32_t m_canaryPercent = 0;
  // Scorers with state (least connections) hear only of jobs they placed.
  std::uint64_t m_policyGeneration = 0;
  ArmStats m_armStats;
  WorkloadGenerator m_workload;
  DevicePhysics m_physics;
  std::mt19937_64 m_rng;

  std::int64_t m_nowMs = 0;
  JobId m_nextId = 1;
  std::unordered_map<JobId, Active> m_active;
  std::set<JobId> m_queue;  // waiting jobs; order comes from each arm's discipline
  using EndEvent = std::pair<std::int64_t, JobId>;
  std::priority_queue<EndEvent, std::vector<EndEvent>, std::greater<>> m_ends;
  std::deque<Job> m_finished;
  std::vector<std::int64_t> m_downUntil;
  std::vector<Arrival> m_arrivals;
  std::vector<float> m_utilTarget;
  std::vector<float> m_memTarget;
  std::vector<std::uint32_t> m_biggestShare;
  Frame m_frame;
};

}  // namespace hetsched
