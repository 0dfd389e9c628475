#include "fit_scorer.h"

#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <cstdint>
#include <optional>

namespace hetsched {

std::optional<std::uint32_t> FitScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                               FitOracle& fit) {
  switch (m_mode) {
    case Mode::First: return context.index.firstFit(request.kind, request.needMilli, 0, fit);
    case Mode::Best: return context.index.bestFit(request.kind, request.needMilli, fit);
    case Mode::Worst: return context.index.worstFit(request.kind, request.needMilli, fit);
  }
  return std::nullopt;
}

}  // namespace hetsched
