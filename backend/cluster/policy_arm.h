#pragma once

#include "policy/compiled_policy.h"
#include "policy/free_capacity_index.h"
#include "policy/placement_scorer.h"
#include "sched/capacity_state.h"
#include "sched/placer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <tuple>

namespace hetsched {

// One policy as the live cluster runs it. What it honours: the queue
// discipline (FCFS, SJF; SRTF runs as SJF since the live cluster does not
// preempt; PRIORITY with aging), backfill_depth per device kind, routing
// overrides, and every built-in placement rule through backend/policy's
// scorers (SEED_SCORE with its weights). EXTERNAL scorers and preemption /
// migration rules are what-if only: the live cluster falls back to the seed
// score for an EXTERNAL rule and never preempts or migrates.
class PolicyArm {
 public:
  // Order in the waiting queue: smaller first.
  using QueueKey = std::tuple<double, std::int64_t, std::uint64_t>;

  PolicyArm(const Topology& topology, const CapacityState& state, CompiledPolicy policy, std::uint64_t version);

  const CompiledPolicy& policy() const { return m_policy; }
  std::uint64_t version() const { return m_version; }
  const RoutingTable& routing() const { return m_policy.routing; }
  bool canEverFit(const JobSpec& spec) const { return m_placer.canEverFit(spec); }

  QueueKey queueKey(const JobSpec& spec, double runtimeS, std::int64_t submitMs, std::uint64_t id,
                    std::int64_t nowMs) const;
  std::optional<Placement> place(const CapacityState& state, const FreeCapacityIndex& index, const JobSpec& spec,
                                 std::string_view key);
  void onStarted(std::uint32_t node);
  void onFinished(std::uint32_t node);

 private:
  const Topology& m_topology;
  CompiledPolicy m_policy;
  std::uint64_t m_version;
  Placer m_placer;
  std::unique_ptr<PlacementScorer> m_scorer;  // null: the Placer's seed score
};

}  // namespace hetsched
