#include "scorer_registry.h"

#include "base/model/topology.h"
#include "capacity_state.h"
#include "consistent_hash_scorer.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "fit_scorer.h"
#include "key_hash_scorer.h"
#include "least_connections_scorer.h"
#include "round_robin_scorer.h"
#include "seed_score_scorer.h"
#include "weighted_round_robin_scorer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

const ScorerFactory* ScorerRegistry::find(std::string_view name) const {
  auto it = m_factories.find(name);
  if (it == m_factories.end()) {
    const auto colon = name.find(':');
    if (colon != std::string_view::npos) it = m_factories.find(name.substr(0, colon));
  }
  return it == m_factories.end() ? nullptr : &it->second;
}

std::vector<std::string> ScorerRegistry::names() const {
  std::vector<std::string> out;
  out.reserve(m_factories.size());
  for (const auto& [name, factory] : m_factories) out.push_back(name);
  return out;
}

ScorerBuild makeScorer(const CompiledPolicy& policy, const Topology& topology, const ScorerRegistry* registry,
                       std::uint64_t seed, bool filesAllowed) {
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
    case PlacementKind::ConsistentHash: return std::make_unique<ConsistentHashScorer>(topology, policy.virtualNodes);
    case PlacementKind::SeedScore:
      return std::make_unique<SeedScoreScorer>(topology, CapacityState(topology), policy.scoreWeights);
    case PlacementKind::External: {
      const ScorerFactory* factory = registry ? registry->find(policy.externalScorer) : nullptr;
      if (!factory) {
        std::string known;
        if (registry)
          for (const std::string& n : registry->names()) known += (known.empty() ? "" : ", ") + n;
        return FieldError{"placement.external_scorer", "unknown scorer '" + policy.externalScorer + "'" +
                                                           (known.empty() ? "" : " (known: " + known + ")")};
      }
      return (*factory)(ScorerInput{topology, policy, seed, filesAllowed, registry});
    }
  }
  return FieldError{"placement.kind", "unknown placement rule"};
}

}  // namespace hetsched
