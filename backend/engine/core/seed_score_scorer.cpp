#include "seed_score_scorer.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "engine/sched/node_score.h"
#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace hetsched {

SeedScoreScorer::SeedScoreScorer(const Topology& topology, const CapacityState& state, NodeScoreWeights weights)
    : m_weights(weights) {
  std::array<std::uint32_t, kDeviceKindCount> total{};
  m_uniform.fill(true);
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    const std::size_t k = index(topology.nodes[n].kind);
    if (total[k] == 0) total[k] = state.nodeTotalMilli(n);
    else if (total[k] != state.nodeTotalMilli(n)) m_uniform[k] = false;
  }
}

std::optional<std::uint32_t> SeedScoreScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                                     FitOracle& fit) {
  if (m_uniform[index(request.kind)] || m_weights.resourceScore == 0.0)
    return context.index.worstFit(request.kind, request.needMilli, fit);
  const double weight = taskWeight(request.spec.priority);
  std::optional<std::uint32_t> best;
  double bestScore = 0.0;
  for (const std::uint32_t node : context.index.nodesOf(request.kind)) {
    if (context.index.freeOf(node) < request.needMilli) continue;
    const double score = nodeScore(m_weights, weight, context.index.freeOf(node), context.state.nodeTotalMilli(node));
    if (best && score <= bestScore) continue;
    if (fit.fits(node)) {
      best = node;
      bestScore = score;
    }
  }
  return best;
}

}  // namespace hetsched
