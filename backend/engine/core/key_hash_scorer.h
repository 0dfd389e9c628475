#pragma once

#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <cstdint>
#include <optional>

namespace hetsched {

// The seed's IP hash: the job's key picks a node of its kind, so the same
// key lands on the same node; when that node is full, the next one that fits
// (linear probing) takes it. Adding a node remaps most keys; that is what
// ConsistentHashScorer is for.
class KeyHashScorer final : public CopyableScorer<KeyHashScorer> {
 public:
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  bool exhaustive() const override { return true; }
};

}  // namespace hetsched
