#include "key_hash_scorer.h"

#include "free_capacity_index.h"
#include "hashing.h"
#include "placement_scorer.h"

#include <cstdint>
#include <optional>

namespace hetsched {

std::optional<std::uint32_t> KeyHashScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                                   FitOracle& fit) {
  const auto nodes = context.index.nodesOf(request.kind);
  if (nodes.empty()) return std::nullopt;
  const auto start = static_cast<std::uint32_t>(stableHash(request.key) % nodes.size());
  return context.index.nextFitWrapping(request.kind, request.needMilli, start, fit);
}

}  // namespace hetsched
