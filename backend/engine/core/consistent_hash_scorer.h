#pragma once

#include "consistent_hash_ring.h"
#include "placement_scorer.h"

#include <array>

namespace hetsched {

// The seed's consistent hashing (§2.4): one ring per device kind; a job goes
// to its key's owner, or, when that node is full, to the next distinct
// member clockwise that fits.
class ConsistentHashScorer final : public CopyableScorer<ConsistentHashScorer> {
 public:
  ConsistentHashScorer(const Topology& topology, std::uint32_t virtualNodes);
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  bool exhaustive() const override { return true; }

 private:
  std::array<ConsistentHashRing, kDeviceKindCount> m_rings;
};

}  // namespace hetsched
