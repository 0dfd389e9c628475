#pragma once

#include "embed_types.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched::embed {

// Settings of one t-SNE run; the defaults and where they come from are in
// docs/tsne.md (bhtsne's update on an openTSNE-style schedule).
struct TsneOptions {
  double perplexity = 30.0;  // neighbours searched: 3 * perplexity
  int iterations = 1000;  // the most; see klTolerance
  double exaggeration = 12.0;
  int exaggerationIterations = 250;  // the most; also when momentum switches
  // End the exaggeration once the KL estimates say clusters have formed
  // (TsneSchedule).
  bool adaptiveExaggeration = true;
  double initialMomentum = 0.5;
  double finalMomentum = 0.8;
  // 0 picks max(200, N / exaggeration) (Belkina et al. 2019): bhtsne's fixed
  // 200 leaves large maps unconverged after 1000 iterations.
  double learningRate = 0.0;
  // After the exaggeration; 0 picks N / 4 (openTSNE's rate, see
  // TsneSchedule), or learningRate when starting from `initial`.
  double finalLearningRate = 0.0;
  // Iterations between estimates of KL(P||Q) during the run (0: none).
  int klInterval = 10;
  // Stop once the last klWindow iterations lowered the KL by less than this
  // fraction of it (0: run every iteration).
  double klTolerance = 0.004;
  int klWindow = 50;
  std::uint64_t seed = 1;
  unsigned threads = 0;  // 0: std::thread::hardware_concurrency()
  // Warm start: one row per input point. Without it the map starts from a
  // seeded Gaussian of standard deviation 1e-4, as in bhtsne.
  std::optional<Embedding2d> initial;
  // The first heldPoints rows of `initial` stay where they are and only the
  // others move: new points placed into a map already shown, as openTSNE's
  // transform places them. The map is then not recentred (the held points fix
  // it). Needs `initial`.
  std::size_t heldPoints = 0;
  int progressInterval = 10;  // iterations between progress reports
  // Iterations between intermediate maps handed to computeTsne's `layout`
  // callback, after the first one when the exaggeration ends.
  int layoutInterval = 100;
  bool computeKl = true;  // KL(P||Q) at the end: exact (O(N^2)) below
  int exactKlBelow = 50000;  // points, estimated from the grid above
  double maxGridSpacing = 1.0;  // interpolation grid, see InterpolatedRepulsion
  int exactRepulsionBelow = 2000;  // all-pairs repulsion for maps this small
  // Exact neighbours for fewer points, partitioned (approximate) for more.
  int exactNeighboursBelow = 20000;
};

enum class TsneStatus : std::uint8_t { Ok, Cancelled, TooFewPoints, InvalidOptions, InvalidInitial };

struct TsneResult {
  TsneStatus status = TsneStatus::Ok;
  Embedding2d embedding;
  // KL(P||Q) with P the symmetrised sparse affinities (summing to 1) and Q
  // normalised over all pairs: bhtsne's normalisation, evaluated exactly or,
  // for large maps, estimated from the grid (TsneOptions::exactKlBelow).
  double klDivergence = 0.0;
  bool klEstimated = false;
  int iterationsRun = 0;  // fewer than asked when the KL had converged
  int exaggeratedIterations = 0;
  double perplexityUsed = 0.0;
  // Wall time of the phases, for benchmarks.
  double neighbourSeconds = 0.0;
  double optimiseSeconds = 0.0;
  double klSeconds = 0.0;
  // (iteration, estimated KL) every klInterval iterations.
  std::vector<std::pair<int, double>> klHistory;
};

// Called on the calling thread with the iterations done so far.
using TsneProgress = std::function<void(int done, int total)>;
// Called on the calling thread with a map still being optimised (the
// iterations done so far): once the exaggeration has ended, as clusters have
// formed, then every TsneOptions::layoutInterval iterations until the last.
using TsneLayout = std::function<void(int done, const Embedding2d& map)>;

}  // namespace hetsched::embed
