#pragma once

#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <cstdint>
#include <optional>

namespace hetsched {

// First fit, best fit and worst fit on the routed kind's primary resource,
// answered from the free-capacity index. The seed's type routing is first
// fit after routing: the classification picks the kind, any node will do.
class FitScorer final : public CopyableScorer<FitScorer> {
 public:
  enum class Mode : std::uint8_t { First, Best, Worst };
  explicit FitScorer(Mode mode) : m_mode(mode) {}
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  bool exhaustive() const override { return true; }

 private:
  Mode m_mode;
};

}  // namespace hetsched
