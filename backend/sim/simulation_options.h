#pragma once

#include <cstdint>

namespace hetsched {

class ScorerRegistry;

struct SimulationOptions {
  std::uint64_t seed = 1;
  // Time-series step; 0 picks one giving about 500 samples. Never more than
  // maxSamples samples are kept.
  double sampleIntervalS = 0.0;
  std::uint32_t maxSamples = 100'000;
  // Bound on running jobs tried as preemption victims per arrival.
  std::uint32_t maxVictimTries = 32;
  const ScorerRegistry* scorers = nullptr;  // for EXTERNAL placement
};

}  // namespace hetsched
