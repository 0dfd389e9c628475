#pragma once

#include "completion_heap.h"
#include "free_capacity_history.h"
#include "estimate/runtime_predictor.h"
#include "job_fit.h"
#include "node_shapes.h"
#include "policy/compiled_policy.h"
#include "policy/job_queue.h"
#include "policy/placement_scorer.h"
#include "sim_job.h"
#include "sim_result.h"
#include "simulation_options.h"
#include "usage_meter.h"

#include <array>
#include <cmath>
#include <functional>
#include <memory>
#include <set>
#include <unordered_map>
#include <span>
#include <vector>

namespace hetsched {

// One execution of the simulator's event loop; holds all mutable state so
// that Simulator stays const and reusable. Internal to hetsched_sim.
class SimulationRun {
 public:
  SimulationRun(const Topology& topology, const CompiledPolicy& policy, const SimulationOptions& options,
                std::span<const SimJob> jobs);
  ~SimulationRun();

  bool hasScorer() const { return m_scorer != nullptr; }
  SimResult execute();
  // True when execute() stopped on SimulationOptions::cancel.
  bool cancelled() const { return m_cancelled; }

 private:
  // Running, interruptible jobs in the order they are offered as victims.
  struct VictimKey {
    double first;
    double second;
    std::uint32_t job;
    auto operator<=>(const VictimKey&) const = default;
  };
  struct Blocked {
    std::uint64_t seq = 0;
    std::uint64_t epoch = ~std::uint64_t{0};
  };

  void arrive(std::uint32_t job, double t);
  void enqueue(std::uint32_t job);
  void dispatch(std::size_t kind, double t);
  bool tryStart(std::uint32_t job, double t);
  bool tryPreempt(std::uint32_t job, double t);
  void start(std::uint32_t job, Placement placement, double t);
  void release(std::uint32_t job);
  void finish(std::uint32_t job, double t);
  void evict(std::uint32_t victim, std::uint32_t by, double t);
  void migrateInto(std::uint32_t target, double t);
  // Seed §2.4 on a sampling tick: record each node's free capacity, then let
  // nodes above the threshold ask their peers for offers (simulation_run_offers.cpp).
  void tickDue(double t, double firstArrivalS);  // ticks if anything runs, then schedules the next
  void tick(double t);
  bool shed(std::uint32_t source, double t);
  double pauseOf(std::uint32_t job) const;  // cost_s + data / link bandwidth
  void move(std::uint32_t job, Placement placement, double t, double pauseS);
  bool ticks() const { return m_policy.migration && m_policy.migrationMaxPerTick > 0; }
  bool stale(const QueueEntry& entry) const;
  double expectedRuntime(std::uint32_t job) const;
  double expectedRemaining(std::uint32_t job, double t) const;
  // The spec the scheduler works with: the job's own, or one whose requests
  // were estimated from its profile.
  const JobSpec& specOf(std::uint32_t job) const {
    if (m_estimatedSpecs.empty()) return m_jobs[job].spec;
    const auto it = m_estimatedSpecs.find(job);
    return it == m_estimatedSpecs.end() ? m_jobs[job].spec : it->second;
  }
  void estimateRequests(std::uint32_t job);
  bool preemptive() const { return m_policy.queue == QueueKind::Srtf || m_policy.preemption; }
  bool movesJobs() const { return preemptive() || m_policy.migration; }
  bool keepsProgress() const { return m_policy.queue == QueueKind::Srtf || m_policy.keepProgress; }

  const Topology& m_topology;
  const CompiledPolicy& m_policy;
  const SimulationOptions& m_options;
  std::span<const SimJob> m_jobs;
  bool m_cancelled = false;

  CapacityState m_state;
  Placer m_placer;
  FreeCapacityIndex m_index;
  NodeShapes m_shapes;
  UsageMeter m_meter;
  JobFit m_fit;
  std::unique_ptr<PlacementScorer> m_scorer;
  std::array<JobQueue, kDeviceKindCount> m_queues;
  std::array<std::set<VictimKey>, kDeviceKindCount> m_victims;
  std::array<std::uint64_t, kDeviceKindCount> m_epoch{};
  std::array<Blocked, kDeviceKindCount> m_blocked{};
  std::array<bool, kDeviceKindCount> m_dirty{};
  std::vector<QueueEntry> m_held;

  std::vector<JobTimeline> m_timeline;
  std::vector<PreemptionEvent> m_preemptionLog;
  std::vector<double> m_remaining;  // actual work left, restart cost included
  std::vector<double> m_doneS;      // work kept from earlier runs
  std::vector<double> m_runStart;
  std::vector<std::uint32_t> m_generation;
  std::vector<std::uint64_t> m_queueSeq;
  std::vector<std::uint8_t> m_kind;
  std::vector<std::uint32_t> m_need;
  std::vector<Placement> m_placement;
  std::vector<VictimKey> m_victimKey;
  std::vector<std::vector<std::uint32_t>> m_nodeJobs;  // running jobs per node, for migration
  CompletionHeap m_completions;
  std::uint64_t m_seq = 0;
  std::uint32_t m_running = 0;
  std::uint32_t m_queued = 0;
  std::uint64_t m_migrations = 0;
  std::unordered_map<std::uint32_t, JobSpec> m_estimatedSpecs;
  RuntimePredictor m_predictor;
  std::vector<double> m_predicted;  // RuntimeKnowledge::History: runtime believed at arrival
  double m_tickS = 1.0;                 // the sampler's interval, also the migration check's
  double m_nextTickS = INFINITY;
  std::uint64_t m_tickIndex = 0;
  std::unique_ptr<FreeCapacityHistory> m_history;  // only with tick-driven migration
};

}  // namespace hetsched
