#include "scorer_catalog.h"

#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "engine/hybrid/hybrid_registration.h"
#include "scorer_registry.h"

#include <memory>

namespace hetsched {

void addStandardScorers(ScorerRegistry& registry, const std::shared_ptr<const frag::TargetWorkload>& fgdTarget) {
  registerFragScorers(registry, fgdTarget);
  registerHybridScorer(registry);
}

}  // namespace hetsched
