#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "engine/sched/node_score.h"
#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <array>
#include <cstdint>
#include <optional>

namespace hetsched {

// The seed's §4.3 rule, score = Weight*PriorityFactor + ResourceScore *
// free/total, highest wins. The priority term
// is the same for every node of one decision, so only free/total orders
// nodes; where all nodes of a kind share one total that is worst fit, which
// the index answers directly (ties as the index breaks them). Mixed totals
// fall back to a scan (ties to the lower node index).
class SeedScoreScorer final : public CopyableScorer<SeedScoreScorer> {
 public:
  SeedScoreScorer(const Topology& topology, const CapacityState& state, NodeScoreWeights weights);
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  bool exhaustive() const override { return true; }

 private:
  NodeScoreWeights m_weights;
  std::array<bool, kDeviceKindCount> m_uniform{};
};

}  // namespace hetsched
