#pragma once

#include "capacity_state.h"
#include "model/job.h"
#include "node_score.h"
#include "routing.h"

#include <optional>

namespace hetsched {

// The gateway's live scheduler: the seed's classification flow picks the
// device kind, the seed's §4.3 score picks the node among those the job fits
// on (ties go to the lower node index), then devices are chosen inside it.
class Placer {
 public:
  Placer(const Topology& topology, RoutingTable routing = {}, NodeScoreWeights weights = {});

  const RoutingTable& routing() const { return m_routing; }
  std::optional<Placement> place(const CapacityState& state, const JobSpec& spec) const;
  // Placement on node `node` if the job fits there now.
  std::optional<Placement> fitOnNode(const CapacityState& state, const JobSpec& spec,
                                     std::uint32_t node) const;
  // Whether the job could run on some node of its kind were the cluster empty.
  bool canEverFit(const JobSpec& spec) const;

 private:
  const Topology& m_topology;
  RoutingTable m_routing;
  NodeScoreWeights m_weights;
};

}  // namespace hetsched
