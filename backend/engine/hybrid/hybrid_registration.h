#pragma once

#include "engine/core/scorer_registry.h"
#include "engine/sched/job_validation.h"
#include "weights_file.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace hetsched::v1 {
class Policy;
}

namespace hetsched {

// Policies name the hybrid scorer as placement EXTERNAL with external_scorer
// "hybrid" and carry the trained weights in placement.hybrid_weights (the
// weights file's text: versioned and checksummed, so a damaged or foreign
// copy is refused). On this machine "hybrid:PATH" also names a weights
// file to read; embedHybridWeights() turns that into the carried form. The
// weights include the choice of job (the scorer's selector), so the whole
// policy travels with a push.
inline constexpr std::string_view kHybridScorerName = "hybrid";
inline constexpr std::string_view kHybridScorerPrefix = "hybrid:";

// Adds `name` to the registry, running `model`.
void addHybridScorer(ScorerRegistry& registry, std::string name, const std::shared_ptr<const HybridModel>& model);
// Adds "hybrid": the weights a policy carries, or (files allowed) the file
// "hybrid:PATH" names; refused, naming placement.hybrid_weights, when there
// are none or they do not load.
void registerHybridScorer(ScorerRegistry& registry);
// "hybrid:PATH" without carried weights: reads PATH into hybrid_weights and
// names the scorer "hybrid", so the policy can travel (a push, a snapshot).
// Other policies are left alone.
std::optional<FieldError> embedHybridWeights(v1::Policy& policy);

}  // namespace hetsched
