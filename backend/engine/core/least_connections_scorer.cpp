#include "least_connections_scorer.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <cstdint>
#include <optional>

namespace hetsched {

LeastConnectionsScorer::LeastConnectionsScorer(const Topology& topology)
    : m_running(topology.nodes.size(), 0), m_kind(topology.nodes.size()) {
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    m_kind[n] = static_cast<std::uint8_t>(index(topology.nodes[n].kind));
    m_order[m_kind[n]].insert({0, n});
  }
}

std::optional<std::uint32_t> LeastConnectionsScorer::choose(const ScoringContext& context,
                                                            const PlacementRequest& request, FitOracle& fit) {
  for (const auto& [running, node] : m_order[index(request.kind)]) {
    if (context.index.freeOf(node) >= request.needMilli && fit.fits(node)) return node;
  }
  return std::nullopt;
}

void LeastConnectionsScorer::shift(std::uint32_t node, int delta) {
  auto& order = m_order[m_kind[node]];
  order.erase({m_running[node], node});
  m_running[node] = static_cast<std::uint32_t>(static_cast<int>(m_running[node]) + delta);
  order.insert({m_running[node], node});
}

}  // namespace hetsched
