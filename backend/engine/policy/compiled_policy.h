#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/slo_targets.h"
#include "engine/sched/node_score.h"
#include "engine/sched/routing.h"
#include "quota_spec.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hetsched {

enum class QueueKind : std::uint8_t { Fcfs, Sjf, Srtf, Priority };

enum class PlacementKind : std::uint8_t {
  TypeRouting,
  RoundRobin,
  WeightedRoundRobin,
  LeastConnections,
  KeyHash,
  ConsistentHash,
  SeedScore,
  FirstFit,
  BestFit,
  WorstFit,
  External,
};

std::string_view toString(QueueKind kind);
std::string_view toString(PlacementKind kind);

// A validated policy in the form the simulator's hot loop reads: plain
// fields, no Protobuf accessors, defaults resolved.
struct CompiledPolicy {
  std::string name;
  std::uint32_t version = 1;
  std::string description;

  QueueKind queue = QueueKind::Fcfs;
  double agingIntervalS = 0.0;
  std::uint32_t backfillDepth = 0;

  PlacementKind placement = PlacementKind::FirstFit;
  RoutingTable routing;
  // The policy's own routes (placement.routes, in order), for checks that
  // name them: the rest of `routing` is the seed's table.
  std::vector<std::pair<JobKind, DeviceKind>> routeOverrides;
  std::vector<std::uint32_t> weights;  // per node index; missing entries weigh 1
  std::uint32_t virtualNodes = 0;
  NodeScoreWeights scoreWeights;
  std::string externalScorer;
  std::string hybridWeights;  // the weights file's text a hybrid policy carries

  bool preemption = false;
  double restartCostS = 0.0;
  bool keepProgress = false;

  bool migration = false;
  double migrationThreshold = 1.0;
  double migrationCostS = 0.0;
  std::uint32_t migrationMaxPerEvent = 0;
  // Seed §2.4 tick-driven moves (see MigrationRule in policy.proto).
  double migrationDataGib = 0.0;
  double migrationDataGibPerGpu = 0.0;
  double migrationLinkGibPerS = 0.0;
  double migrationWindowS = 0.0;  // 0: each move's own transfer time
  std::uint32_t migrationMaxPerTick = 0;
  std::uint32_t migrationHistorySamples = 8;

  QuotaSpec quotas;  // per-team quotas; none by default
  // Target wait per priority class (slo, unset classes at their defaults):
  // what the policy's runs are judged by, not how it schedules.
  SloTargets sloTargetWaitS = kDefaultTargetWaitS;

  std::uint32_t weightOf(std::uint32_t node) const { return node < weights.size() ? weights[node] : 1; }
};

}  // namespace hetsched
