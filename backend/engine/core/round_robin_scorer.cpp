#include "round_robin_scorer.h"

namespace hetsched {

std::optional<std::uint32_t> RoundRobinScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                                      FitOracle& fit) {
  std::uint32_t& cursor = m_cursor[index(request.kind)];
  auto node = context.index.nextFitWrapping(request.kind, request.needMilli, cursor, fit);
  if (node) cursor = context.index.positionOf(*node) + 1;
  return node;
}

}  // namespace hetsched
