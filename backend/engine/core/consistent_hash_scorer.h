#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "consistent_hash_ring.h"
#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <array>
#include <cstdint>
#include <optional>

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
