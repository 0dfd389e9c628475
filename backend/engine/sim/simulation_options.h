#pragma once

#include "engine/core/core_options.h"
#include "base/model/slo_targets.h"

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace hetsched {

class ScorerRegistry;

// A node going down (its jobs wait again and start over) or coming back, at
// a recorded time: a replay of a period with failures.
struct NodeChange {
  double timeS = 0.0;
  std::uint32_t node = 0;
  bool up = false;
};

struct SimulationOptions {
  std::uint64_t seed = 1;
  // Time-series step, also the sampling tick of tick-driven migration; 0
  // picks one giving about 500 samples. Never more than maxSamples samples
  // are kept.
  double sampleIntervalS = 0.0;
  std::uint32_t maxSamples = 100'000;
  // Where the tick grid starts; NaN: the first arrival. (The live cluster's
  // ticks are its agent periods from time 0.)
  double tickOriginS = NAN;
  // The run stops here (a recorded period's end): jobs running or waiting
  // then stay so in the result. Infinity: until every job is done.
  double endS = INFINITY;
  // Node failures and repairs, before the other events of their instant
  // (not owned: the caller keeps them alive through run()).
  std::span<const NodeChange> nodeChanges;
  // Bound on running jobs tried as preemption victims per arrival.
  std::uint32_t maxVictimTries = 32;
  const ScorerRegistry* scorers = nullptr;  // for EXTERNAL placement
  // EXTERNAL "hybrid:PATH" may read its weights file (a what-if here).
  bool weightsFromFiles = false;
  RuntimeKnowledge runtimes = RuntimeKnowledge::Oracle;
  double defaultRuntimeS = 600.0;  // History: guess for a job unlike any seen
  // The target waits SLO violations are counted against; unset: the active
  // policy's own (its slo). A comparison sets the baseline's for every
  // policy, so that none is judged by a promise of its own making.
  std::optional<SloTargets> sloTargetWaitS;
  // For a GUI's worker thread: set *cancel to stop a run early (run()
  // answers SimError::Cancelled); *arrivals counts the jobs arrived so far,
  // so progress can be shown. Both are polled, never required.
  const std::atomic<bool>* cancel = nullptr;
  std::atomic<std::size_t>* arrivals = nullptr;
};

}  // namespace hetsched
