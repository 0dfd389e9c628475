#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace hetsched {

class ScorerRegistry;

// What the scheduler knows of a job's runtime when the job gives no
// estimate: the truth (an oracle, the classic SJF/SRTF assumption) or only
// the history of similar jobs completed so far (RuntimePredictor's median).
enum class RuntimeKnowledge : std::uint8_t { Oracle, History };

struct SimulationOptions {
  std::uint64_t seed = 1;
  // Time-series step; 0 picks one giving about 500 samples. Never more than
  // maxSamples samples are kept.
  double sampleIntervalS = 0.0;
  std::uint32_t maxSamples = 100'000;
  // Bound on running jobs tried as preemption victims per arrival.
  std::uint32_t maxVictimTries = 32;
  const ScorerRegistry* scorers = nullptr;  // for EXTERNAL placement
  RuntimeKnowledge runtimes = RuntimeKnowledge::Oracle;
  double defaultRuntimeS = 600.0;  // History: guess for a job unlike any seen
  // For a GUI's worker thread: set *cancel to stop a run early (run()
  // answers SimError::Cancelled); *arrivals counts the jobs arrived so far,
  // so progress can be shown. Both are polled, never required.
  const std::atomic<bool>* cancel = nullptr;
  std::atomic<std::size_t>* arrivals = nullptr;
};

}  // namespace hetsched
