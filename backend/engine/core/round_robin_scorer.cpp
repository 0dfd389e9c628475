#include "round_robin_scorer.h"

#include "base/model/device_kind.h"
#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <cstdint>
#include <optional>

namespace hetsched {

std::optional<std::uint32_t> RoundRobinScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                                      FitOracle& fit) {
  std::uint32_t& cursor = m_cursor[index(request.kind)];
  auto node = context.index.nextFitWrapping(request.kind, request.needMilli, cursor, fit);
  if (node) cursor = context.index.positionOf(*node) + 1;
  return node;
}

}  // namespace hetsched
