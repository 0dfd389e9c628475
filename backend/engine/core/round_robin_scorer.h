#pragma once

#include "base/model/device_kind.h"
#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <array>
#include <cstdint>
#include <optional>

namespace hetsched {

// The seed's round robin: each kind keeps a cursor; a job goes to the next
// node after the previous choice that fits, wrapping around.
class RoundRobinScorer final : public CopyableScorer<RoundRobinScorer> {
 public:
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  bool exhaustive() const override { return true; }

 private:
  std::array<std::uint32_t, kDeviceKindCount> m_cursor{};
};

}  // namespace hetsched
