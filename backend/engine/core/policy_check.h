#pragma once

#include "base/model/topology.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"

#include <vector>

namespace hetsched {

// What a policy that passed validatePolicy() may still get wrong about the
// cluster it is to run on: a route to a device kind with no node there.
// The core checks this (and builds the policy's scorer, which refuses an
// unknown name or a hybrid without usable weights) before it installs a
// policy, so a push and a what-if refuse the same policy the same way.
std::vector<FieldError> checkPolicyForCluster(const CompiledPolicy& policy, const Topology& topology);

}  // namespace hetsched
