#pragma once

#include "action_mask.h"
#include "hybrid_features.h"
#include "engine/seed_score_scorer.h"
#include "q_network.h"

#include <memory>
#include <vector>

namespace hetsched {

class SplitMix;

// One non-trivial decision, as the trainer replays it.
struct HybridExperience {
  Eigen::VectorXd features;
  std::vector<bool> feasible;
  int action = 0;
  const JobSpec* spec = nullptr;  // identifies the job in the trainer's input
};

// Training-time behaviour: epsilon-greedy exploration (uniform over the
// feasible actions) and a log of the decisions taken.
struct HybridExploration {
  double epsilon = 0.0;
  SplitMix* rng = nullptr;
  std::vector<HybridExperience>* log = nullptr;
};

// The hybrid heuristic policy of seed §2.5 as a placement scorer.
//
// Design: the rule engine (the policy's routing, then the §4.3 score) does
// what rules do well and the learned part only arbitrates where rules
// disagree. Routing picks the device kind before the scorer is asked; the
// scorer asks the rule engine and the index for three proposals (§4.3,
// best fit, first fit). When nothing fits or all proposals are one node the
// rule engine's answer stands (the easy cases, most decisions on a quiet
// cluster). Otherwise the Q-network scores the proposals and "defer", the
// seed's mask down-weights infeasible actions (soft ×0.1, or hard), and the
// most probable action wins. An infeasible pick, possible under the soft
// mask, falls back to the rule engine's proposal: safety first.
// The network never sees a node it could not use and never needs to rank
// thousands of nodes, so a tiny MLP suffices and training stays cheap.
class HybridScorer final : public PlacementScorer {
 public:
  // `network` must outlive the scorer unless `owner` keeps it alive.
  HybridScorer(const Topology& topology, const QNetwork& network, MaskMode mask, HybridExploration exploration = {},
               std::shared_ptr<const void> owner = nullptr);
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  std::unique_ptr<PlacementScorer> clone() const override { return std::make_unique<HybridScorer>(*this); }

 private:
  std::shared_ptr<const void> m_owner;
  SeedScoreScorer m_rule;
  const QNetwork& m_network;
  MaskMode m_mask;
  HybridExploration m_exploration;
};

}  // namespace hetsched
