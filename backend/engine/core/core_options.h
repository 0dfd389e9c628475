#pragma once

#include <cstdint>

namespace hetsched {

class ScorerRegistry;
class JobSelector;
class StartGate;

// What the scheduler knows of a job's runtime when the job gives no
// estimate: the truth (an oracle, the classic SJF/SRTF assumption) or only
// the history of similar jobs completed so far (RuntimePredictor's median).
enum class RuntimeKnowledge : std::uint8_t { Oracle, History };

struct CoreOptions {
  std::uint64_t seed = 1;  // reaches scorers that draw random numbers
  // Bound on running jobs tried as preemption victims per arrival.
  std::uint32_t maxVictimTries = 32;
  const ScorerRegistry* scorers = nullptr;  // for EXTERNAL placement
  // Whether EXTERNAL "hybrid:PATH" may read its weights from a local file
  // (a what-if on this machine); a gateway only runs weights carried in the
  // policy.
  bool weightsFromFiles = false;
  RuntimeKnowledge runtimes = RuntimeKnowledge::Oracle;
  double defaultRuntimeS = 600.0;  // History: guess for a job unlike any seen
  // Seams (null: the policy's own order, no admission limit); see engine.md.
  JobSelector* selector = nullptr;
  const StartGate* gate = nullptr;
};

}  // namespace hetsched
