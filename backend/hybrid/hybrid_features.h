#pragma once

#include "engine/placement_scorer.h"

#include <Eigen/Dense>

#include <array>
#include <optional>
#include <vector>

namespace hetsched {

class PlacementScorer;

// The hybrid policy's action set. The rule engine proposes one node per
// node action; the network picks among the proposals or defers:
//  - Rule:  the seed's §4.3 score (most free capacity relative to size),
//  - Pack:  best fit (least free capacity that fits; keeps nodes whole),
//  - First: first fit in node order (packs the low end of the cluster),
//  - Defer: leave the job queued until capacity is next released.
enum HybridAction : int { kActionRule = 0, kActionPack = 1, kActionFirst = 2, kActionDefer = 3 };
inline constexpr int kHybridActions = 4;
inline constexpr int kHybridNodeActions = 3;
inline constexpr int kFeaturesPerAction = 4;
inline constexpr int kHybridGlobalFeatures = 5;
inline constexpr int kHybridFeatures = kHybridNodeActions * kFeaturesPerAction + kHybridGlobalFeatures;

// One decision's proposals, their feasibility and the network's input.
struct HybridDecision {
  std::array<std::optional<std::uint32_t>, kHybridNodeActions> nodes;
  std::vector<bool> feasible;  // kHybridActions entries; Defer only while something runs
  Eigen::VectorXd features;
  // True when the proposals leave nothing to choose: nothing fits, or all
  // node actions propose the same node. The rule engine decides then.
  bool easy = false;
};

// Asks the rule engine (`rule`, the §4.3 scorer) and the free-capacity index
// for the proposals and computes the features:
//  per node action: proposed?, node free/total before, after placing,
//                   whether it breaks a whole (fully free) node;
//  global: need/largest node total, need covers a whole node,
//          share of the kind's nodes fully free, mean free share,
//          largest free / largest total.
HybridDecision proposeAndDescribe(const ScoringContext& context, const PlacementRequest& request, FitOracle& fit,
                                  PlacementScorer& rule);

}  // namespace hetsched
