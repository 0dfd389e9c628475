#include "consistent_hash_scorer.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "consistent_hash_ring.h"
#include "free_capacity_index.h"
#include "hashing.h"
#include "placement_scorer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hetsched {

ConsistentHashScorer::ConsistentHashScorer(const Topology& topology, std::uint32_t virtualNodes)
    : m_rings{ConsistentHashRing(virtualNodes), ConsistentHashRing(virtualNodes), ConsistentHashRing(virtualNodes)} {
  std::array<std::vector<std::uint32_t>, kDeviceKindCount> members;
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) members[index(topology.nodes[n].kind)].push_back(n);
  for (std::size_t k = 0; k < members.size(); ++k) m_rings[k].add(members[k]);
}

std::optional<std::uint32_t> ConsistentHashScorer::choose(const ScoringContext& context,
                                                          const PlacementRequest& request, FitOracle& fit) {
  const ConsistentHashRing& ring = m_rings[index(request.kind)];
  if (ring.empty() || context.index.maxFree(request.kind) < request.needMilli) return std::nullopt;
  const std::size_t first = ring.ownerPoint(stableHash(request.key));
  std::uint32_t previous = ~0u;
  // Consecutive points of one member are asked once; a member seen earlier
  // on the walk may be asked again, which is harmless.
  for (std::size_t i = 0; i < ring.pointCount(); ++i) {
    const std::uint32_t node = ring.memberAt(first + i);
    if (node == previous) continue;
    previous = node;
    if (context.index.freeOf(node) >= request.needMilli && fit.fits(node)) return node;
  }
  return std::nullopt;
}

}  // namespace hetsched
