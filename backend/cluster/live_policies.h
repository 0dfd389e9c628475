#pragma once

#include "policy/compiled_policy.h"
#include "policy.pb.h"

#include <cstdint>
#include <optional>

namespace hetsched {

// What the gateway asks a scheduling source to run: the active policy for
// every job outside the canary, and optionally a candidate for
// canaryPercent of new arrivals.
struct LivePolicies {
  CompiledPolicy active;
  std::uint64_t activeVersion = 0;
  std::optional<CompiledPolicy> candidate;
  std::uint64_t candidateVersion = 0;
  std::uint32_t canaryPercent = 0;  // 0..100
};

// The policy a scheduling source starts with and the gateway's version 1
// unless told otherwise: what the live cluster did before policies.
v1::Policy liveDefaultPolicy();
CompiledPolicy liveDefaultCompiled();

}  // namespace hetsched
