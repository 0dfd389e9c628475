#include "hybrid_scorer.h"

#include "sim/split_mix.h"

namespace hetsched {

HybridScorer::HybridScorer(const Topology& topology, const QNetwork& network, MaskMode mask,
                           HybridExploration exploration, std::shared_ptr<const void> owner)
    : m_owner(std::move(owner)),
      m_rule(topology, CapacityState(topology), NodeScoreWeights{}),
      m_network(network),
      m_mask(mask),
      m_exploration(exploration) {}

std::optional<std::uint32_t> HybridScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                                  FitOracle& fit) {
  HybridDecision d = proposeAndDescribe(context, request, fit, m_rule);
  if (d.easy) return d.nodes[kActionRule];
  int action = -1;
  if (m_exploration.rng && m_exploration.rng->uniform() < m_exploration.epsilon) {
    std::vector<int> options;
    for (int a = 0; a < kHybridActions; ++a)
      if (d.feasible[static_cast<std::size_t>(a)]) options.push_back(a);
    action = options[m_exploration.rng->below(static_cast<std::uint32_t>(options.size()))];
  } else {
    action = greedyAction(m_network.predict(d.features), d.feasible, m_mask);
  }
  if (action < 0 || !d.feasible[static_cast<std::size_t>(action)]) action = kActionRule;
  if (m_exploration.log) m_exploration.log->push_back({std::move(d.features), d.feasible, action, &request.spec});
  if (action == kActionDefer) return std::nullopt;
  return d.nodes[static_cast<std::size_t>(action)];
}

}  // namespace hetsched
