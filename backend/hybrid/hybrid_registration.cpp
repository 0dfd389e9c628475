#include "hybrid_registration.h"

#include "hybrid_scorer.h"

namespace hetsched {

void addHybridScorer(ScorerRegistry& registry, std::string name, std::shared_ptr<const HybridModel> model) {
  registry.add(std::move(name), [model](const Topology& topology, const CapacityState& state, std::uint64_t) {
    return std::make_unique<HybridScorer>(topology, state, model->network, model->mask);
  });
}

std::optional<WeightsError> registerHybridScorer(ScorerRegistry& registry, const std::string& externalScorer) {
  if (!externalScorer.starts_with(kHybridScorerPrefix)) return std::nullopt;
  auto loaded = loadWeights(externalScorer.substr(kHybridScorerPrefix.size()));
  if (auto* e = std::get_if<WeightsError>(&loaded)) return *e;
  addHybridScorer(registry, externalScorer, std::make_shared<const HybridModel>(std::get<HybridModel>(std::move(loaded))));
  return std::nullopt;
}

}  // namespace hetsched
