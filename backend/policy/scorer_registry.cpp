#include "scorer_registry.h"

#include "compiled_policy.h"
#include "consistent_hash_scorer.h"
#include "fit_scorer.h"
#include "key_hash_scorer.h"
#include "least_connections_scorer.h"
#include "round_robin_scorer.h"
#include "seed_score_scorer.h"
#include "weighted_round_robin_scorer.h"

namespace hetsched {

const ScorerFactory* ScorerRegistry::find(std::string_view name) const {
  const auto it = m_factories.find(name);
  return it == m_factories.end() ? nullptr : &it->second;
}

std::vector<std::string> ScorerRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& [name, factory] : m_factories) out.push_back(name);
  return out;
}

std::unique_ptr<PlacementScorer> makeScorer(const CompiledPolicy& policy, const Topology& topology,
                                            const CapacityState& state, const ScorerRegistry* registry,
                                            std::uint64_t seed) {
  switch (policy.placement) {
    case PlacementKind::TypeRouting:
    case PlacementKind::FirstFit: return std::make_unique<FitScorer>(FitScorer::Mode::First);
    case PlacementKind::BestFit: return std::make_unique<FitScorer>(FitScorer::Mode::Best);
    case PlacementKind::WorstFit: return std::make_unique<FitScorer>(FitScorer::Mode::Worst);
    case PlacementKind::RoundRobin: return std::make_unique<RoundRobinScorer>();
    case PlacementKind::WeightedRoundRobin:
      return std::make_unique<WeightedRoundRobinScorer>(topology.nodes.size(), policy.weights);
    case PlacementKind::LeastConnections: return std::make_unique<LeastConnectionsScorer>(topology);
    case PlacementKind::KeyHash: return std::make_unique<KeyHashScorer>();
    case PlacementKind::ConsistentHash:
      return std::make_unique<ConsistentHashScorer>(topology, policy.virtualNodes);
    case PlacementKind::SeedScore: return std::make_unique<SeedScoreScorer>(topology, state, policy.scoreWeights);
    case PlacementKind::External: {
      const ScorerFactory* factory = registry ? registry->find(policy.externalScorer) : nullptr;
      return factory ? (*factory)(topology, state, seed) : nullptr;
    }
  }
  return nullptr;
}

}  // namespace hetsched
