#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "free_capacity_index.h"
#include "placement_scorer.h"

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace hetsched {

// The seed's least connections: the node running the fewest jobs that fits
// (ties to the lower node index). Counts are kept ordered so that a pick
// does not scan the cluster.
class LeastConnectionsScorer final : public CopyableScorer<LeastConnectionsScorer> {
 public:
  explicit LeastConnectionsScorer(const Topology& topology);
  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  bool exhaustive() const override { return true; }
  void onStarted(std::uint32_t node) override { shift(node, +1); }
  void onFinished(std::uint32_t node) override { shift(node, -1); }

 private:
  void shift(std::uint32_t node, int delta);

  std::vector<std::uint32_t> m_running;
  std::vector<std::uint8_t> m_kind;
  std::array<std::set<std::pair<std::uint32_t, std::uint32_t>>, kDeviceKindCount> m_order;
};

}  // namespace hetsched
