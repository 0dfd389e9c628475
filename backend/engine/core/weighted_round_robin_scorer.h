#pragma once

#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hetsched {

// nginx's smooth weighted round robin (`server ... weight=3`): every pick
// adds each candidate's weight to its current weight, takes the largest and
// subtracts the candidates' total from it. Weights 3:1 give a a b a, not
// a a a b. Candidates are the nodes that fit now, as nginx only counts
// available peers. O(nodes of the kind) per pick.
class WeightedRoundRobinScorer final : public CopyableScorer<WeightedRoundRobinScorer> {
 public:
  WeightedRoundRobinScorer(std::size_t nodeCount, std::vector<std::uint32_t> weights);
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  bool exhaustive() const override { return true; }

 private:
  std::vector<std::uint32_t> m_weight;
  std::vector<std::int64_t> m_current;
};

}  // namespace hetsched
