#pragma once

#include "placement_policy.h"
#include "policy_kind.h"

#include <memory>

namespace hetsched::frag {

class TargetWorkload;

// `workload` must outlive the policy (only FGD keeps a reference to it).
std::unique_ptr<PlacementPolicy> makePolicy(PolicyKind kind, const TargetWorkload& workload);

}  // namespace hetsched::frag
