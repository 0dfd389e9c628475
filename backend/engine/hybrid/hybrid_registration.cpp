#include "hybrid_registration.h"

#include "engine/core/scorer_registry.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "hybrid_scorer.h"
#include "policy.pb.h"
#include "weights_file.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

FieldError weightsError(WeightsError e) { return {"placement.hybrid_weights", std::string(describe(e))}; }

}  // namespace

void addHybridScorer(ScorerRegistry& registry, std::string name, const std::shared_ptr<const HybridModel>& model) {
  registry.add(std::move(name), [model](const ScorerInput& in) -> ScorerBuild {
    return std::make_unique<HybridScorer>(in.topology, model, in.registry, in.policy, in.seed);
  });
}

void registerHybridScorer(ScorerRegistry& registry) {
  registry.add(std::string(kHybridScorerName), [](const ScorerInput& in) -> ScorerBuild {
    const CompiledPolicy& p = in.policy;
    std::variant<HybridModel, WeightsError> loaded = WeightsError::CannotOpen;
    if (!p.hybridWeights.empty()) {
      loaded = parseWeights(p.hybridWeights);
    } else if (p.externalScorer.starts_with(kHybridScorerPrefix) && in.filesAllowed) {
      loaded = loadWeights(p.externalScorer.substr(kHybridScorerPrefix.size()));
    } else {
      return FieldError{"placement.hybrid_weights",
                        "a hybrid policy must carry its weights (hetsched policy push embeds the file "
                        "external_scorer \"hybrid:PATH\" names)"};
    }
    if (auto* e = std::get_if<WeightsError>(&loaded)) return weightsError(*e);
    auto model = std::make_shared<const HybridModel>(std::get<HybridModel>(loaded));
    return std::make_unique<HybridScorer>(in.topology, std::move(model), in.registry, in.policy, in.seed);
  });
}

std::optional<FieldError> embedHybridWeights(v1::Policy& policy) {
  v1::PlacementRule* pl = policy.mutable_placement();
  if (!pl->external_scorer().starts_with(kHybridScorerPrefix) || !pl->hybrid_weights().empty()) return std::nullopt;
  auto text = readWeightsText(pl->external_scorer().substr(kHybridScorerPrefix.size()));
  if (auto* e = std::get_if<WeightsError>(&text)) {
    FieldError error = weightsError(*e);
    error.problem = pl->external_scorer().substr(kHybridScorerPrefix.size()) + ": " + error.problem;
    return error;
  }
  pl->set_hybrid_weights(std::get<std::string>(std::move(text)));
  pl->set_external_scorer(std::string(kHybridScorerName));
  return std::nullopt;
}

}  // namespace hetsched
