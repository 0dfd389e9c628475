#include "scorer_catalog.h"

#include "engine/frag/frag_scorers.h"
#include "engine/hybrid/hybrid_registration.h"
#include "scorer_registry.h"

namespace hetsched {

void addStandardScorers(ScorerRegistry& registry, std::shared_ptr<const frag::TargetWorkload> fgdTarget) {
  registerFragScorers(registry, std::move(fgdTarget));
  registerHybridScorer(registry);
}

}  // namespace hetsched
