#pragma once

#include "engine/frag/target_workload.h"

#include <memory>

namespace hetsched {

class ScorerRegistry;

// The named scorers every driver of the core offers, so that a policy the
// what-if ran is one the cluster can run: the ATC'23 family (FGD measuring
// fragmentation against `fgdTarget`, the task shapes the cluster expects)
// and the §2.5 hybrid (weights carried in the policy).
void addStandardScorers(ScorerRegistry& registry, const std::shared_ptr<const frag::TargetWorkload>& fgdTarget);

}  // namespace hetsched
