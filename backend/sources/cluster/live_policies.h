#pragma once

#include "engine/core/policy_arms.h"
#include "engine/policy/compiled_policy.h"
#include "policy.pb.h"

namespace hetsched {

// What the gateway asks a scheduling source to run: the active policy for
// every job outside the canary, and optionally a candidate for
// canaryPercent of new arrivals; the scheduling core's arms.
using LivePolicies = PolicyArms;

// The policy a scheduling source starts with and the gateway's version 1
// unless told otherwise: what the live cluster did before policies.
v1::Policy liveDefaultPolicy();
CompiledPolicy liveDefaultCompiled();

}  // namespace hetsched
