#pragma once

#include "base/model/topology.h"
#include "engine/policy/compiled_policy.h"
#include "policy_search.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

// `hetsched experiment hybrid`: leave one workload out. For each pod list,
// the hybrid trains on the others (each validating on its last 30 %:
// splitForValidation) and is tested on the whole left-out list at each
// arrival scale, once per training seed, against the rule engine (seed
// score), best fit, SJF (with best fit) and FGD on the same jobs.
struct HybridExperimentOptions {
  std::vector<std::uint64_t> seeds{1, 2, 3};
  HybridTrainingOptions training;  // its arrivalScales are the test's too; its workers run the replays
  // Every policy runs the left-out list as recorded and `replays - 1`
  // times more with each job's arrival moved by a uniform draw within
  // +-jitterS (after scaling; the same draws for every policy). At these
  // loads one replay is chaotic: moving arrivals by a second changes the
  // mean wait of every policy, the rule engine's included, several-fold,
  // so a policy is judged by its median over the replays.
  std::uint32_t replays = 16;
  double jitterS = 1.0;
};

// One policy's outcome on one test (a workload at a scale): each metric's
// median over the replays.
struct PolicyOutcome {
  double waitAvgS = 0.0;
  double waitP95S = 0.0;
  double jctAvgS = 0.0;
  double gpuAllocArrivals = 0.0;  // share of GPU capacity allocated while jobs arrive
  double gpuAllocWhole = 0.0;     // over the whole run
  double waitAvgLowS = 0.0;       // the replays' smallest and largest mean wait
  double waitAvgHighS = 0.0;
  double waitAvgRecordedS = 0.0;  // the list as recorded (the first replay)
};

struct HybridTest {
  std::string workload;
  double scale = 1.0;
  std::size_t jobs = 0;
  // rule engine, best fit, SJF, FGD (kBaselineNames)
  std::array<PolicyOutcome, 4> baselines;
  // Per training seed: what ships (the hybrid, or the rule engine when the
  // hybrid lost on validation) and the trained weights' own outcome.
  std::vector<std::uint64_t> seeds;
  std::vector<bool> shipsHybrid;
  std::vector<PolicyOutcome> shipped;
  std::vector<PolicyOutcome> learned;
};

struct HybridCurve {
  std::string leftOut;
  std::uint64_t seed = 0;
  std::vector<GenerationStats> generations;  // every search's
  std::uint32_t kept = 0;                    // the search whose averaged weights were kept
  std::vector<double> averagedScores;        // each search's averaged weights, on validation
  std::string verdict;
  double trainingSeconds = 0.0;
};

struct HybridExperiment {
  std::vector<HybridTest> tests;
  std::vector<HybridCurve> curves;
};

inline constexpr std::array<const char*, 4> kBaselineNames{"rule engine", "best fit", "SJF", "FGD"};

// `workloads` at the trace's own timing; `rule` is the rule engine's policy
// (its routing is every policy's). `progress` hears a line per step.
HybridExperiment runHybridExperiment(const Topology& topology, const CompiledPolicy& rule,
                                     std::span<const TrainingWorkload> workloads,
                                     const HybridExperimentOptions& options,
                                     const std::function<void(const std::string&)>& progress = {});

// docs/reproductions/hybrid.md's results: a table per workload, the summary
// against the goal, the training curves. `setup` is put first.
std::string hybridExperimentMarkdown(const HybridExperiment& experiment, const std::string& setup);

}  // namespace hetsched
