#pragma once

#include "policy/scorer_registry.h"
#include "weights_file.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace hetsched {

// Policies name the hybrid scorer as placement EXTERNAL with
// external_scorer "hybrid:PATH", PATH being a weights file.
inline constexpr std::string_view kHybridScorerPrefix = "hybrid:";

// Adds `name` to the registry, running `model`.
void addHybridScorer(ScorerRegistry& registry, std::string name, std::shared_ptr<const HybridModel> model);
// For a policy's external_scorer: nothing when it is not a hybrid name,
// the load error when its weights file cannot be used.
std::optional<WeightsError> registerHybridScorer(ScorerRegistry& registry, const std::string& externalScorer);

}  // namespace hetsched
