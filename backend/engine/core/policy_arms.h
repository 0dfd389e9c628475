#pragma once

#include "engine/policy/compiled_policy.h"

#include <cstdint>
#include <optional>

namespace hetsched {

// The policies a core runs: the active policy for every job outside the
// canary, and optionally a candidate for canaryPercent of new arrivals
// (arm 0 is the active policy, arm 1 the candidate).
struct PolicyArms {
  CompiledPolicy active;
  std::uint64_t activeVersion = 0;
  std::optional<CompiledPolicy> candidate;
  std::uint64_t candidateVersion = 0;
  std::uint32_t canaryPercent = 0;  // 0..100
};

// Which arm a new arrival joins: SplitMix64's finaliser of the job's id,
// mod 100, below the canary share. Consecutive ids spread evenly, and an id
// keeps its arm across runs and restarts.
std::uint32_t canaryBucket(std::uint64_t id);

}  // namespace hetsched
