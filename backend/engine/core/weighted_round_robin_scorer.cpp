#include "weighted_round_robin_scorer.h"

#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hetsched {

WeightedRoundRobinScorer::WeightedRoundRobinScorer(std::size_t nodeCount, std::vector<std::uint32_t> weights)
    : m_weight(nodeCount, 1), m_current(nodeCount, 0) {
  for (std::size_t i = 0; i < weights.size() && i < nodeCount; ++i) m_weight[i] = weights[i];
}

std::optional<std::uint32_t> WeightedRoundRobinScorer::choose(const ScoringContext& context,
                                                              const PlacementRequest& request, FitOracle& fit) {
  std::optional<std::uint32_t> best;
  std::int64_t total = 0;
  for (const std::uint32_t node : context.index.nodesOf(request.kind)) {
    if (context.index.freeOf(node) < request.needMilli || !fit.fits(node)) continue;
    m_current[node] += m_weight[node];
    total += m_weight[node];
    if (!best || m_current[node] > m_current[*best]) best = node;
  }
  if (best) m_current[*best] -= total;
  return best;
}

}  // namespace hetsched
