#include "tsne.h"

#include "affinities.h"
#include "embed_types.h"
#include "knn_graph.h"
#include "partitioned_knn.h"
#include "random_stream.h"
#include "tsne_optimiser.h"
#include "tsne_options.h"
#include "tsne_schedule.h"
#include "worker_pool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched::embed {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The optimiser's positions (x, y interleaved) as a map.
Embedding2d toEmbedding(const std::vector<double>& y) {
  Embedding2d map(static_cast<Eigen::Index>(y.size() / 2), 2);
  std::copy(y.begin(), y.end(), map.data());
  return map;
}

std::vector<double> initialPositions(const TsneOptions& options, std::size_t n) {
  std::vector<double> y(2 * n);
  if (options.initial) {
    for (std::size_t i = 0; i < n; ++i) {
      y[2 * i] = (*options.initial)(static_cast<Eigen::Index>(i), 0);
      y[2 * i + 1] = (*options.initial)(static_cast<Eigen::Index>(i), 1);
    }
  } else {
    RandomStream random(options.seed);
    for (double& v : y) v = 1e-4 * random.normal();
  }
  return y;
}

}  // namespace

TsneResult computeTsne(const PointMatrix& data, const TsneOptions& options, const std::atomic<bool>* cancel,
                       const TsneProgress& progress, const TsneLayout& layout) {
  TsneResult result;
  const std::size_t n = static_cast<std::size_t>(data.rows());
  if (!(options.perplexity > 0.0) || options.iterations < 0 || !(options.maxGridSpacing > 0.0) ||
      options.klInterval < 0 || !(options.klTolerance >= 0.0 && options.klTolerance < 1.0)) {
    result.status = TsneStatus::InvalidOptions;
    return result;
  }
  if (n < 2 || data.cols() < 1) {
    result.status = TsneStatus::TooFewPoints;
    return result;
  }
  if (options.heldPoints > 0 && (!options.initial || options.heldPoints > n)) {
    result.status = TsneStatus::InvalidOptions;
    return result;
  }
  if (options.initial && (static_cast<std::size_t>(options.initial->rows()) != n || !options.initial->allFinite())) {
    result.status = TsneStatus::InvalidInitial;
    return result;
  }
  WorkerPool pool(options.threads);
  const NeighbourPlan plan = planNeighbours(n, options.perplexity);
  result.perplexityUsed = plan.perplexity;
  const auto start = Clock::now();
  PartitionedKnnOptions partitioned;
  partitioned.seed = options.seed;
  // The neighbour graph only feeds the affinities, which free it as soon as
  // they have read it (108 MB at 100,000 points and 90 neighbours). A map no
  // longer wanted stops inside the search and gets neither the affinities
  // nor the optimiser's buffers (a console closing waits for this thread).
  const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  std::optional<Affinities> p;
  {
    KnnGraph graph = n < static_cast<std::size_t>(std::max(0, options.exactNeighboursBelow))
                         ? exactKnn(data, plan.neighbours, pool, cancel)
                         : partitionedKnn(data, plan.neighbours, pool, partitioned, cancel);
    if (!cancelled()) p = perplexityAffinities(std::move(graph), result.perplexityUsed, pool);
  }
  result.neighbourSeconds = secondsSince(start);
  if (!p || cancelled()) {
    result.status = TsneStatus::Cancelled;
    return result;
  }

  const auto optimiseStart = Clock::now();
  TsneOptimiser optimiser(*p, options, initialPositions(options, n), pool);
  TsneSchedule schedule(options, n);
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      result.status = TsneStatus::Cancelled;
      break;
    }
    const TsneSchedule::Step step = schedule.step(iteration);
    const double kl = optimiser.step(step.exaggeration, step.momentum, step.rate, step.estimateKl);
    if (step.estimateKl) result.klHistory.emplace_back(iteration, kl);
    result.iterationsRun = iteration + 1;
    const bool more = schedule.record(iteration, kl);
    if (progress && options.progressInterval > 0 &&
        (result.iterationsRun % options.progressInterval == 0 || result.iterationsRun == options.iterations)) {
      progress(result.iterationsRun, options.iterations);
    }
    if (!more) break;
    // Not after the last iteration: that map is the result.
    const int sinceExaggeration = result.iterationsRun - schedule.exaggeratedIterations();
    if (layout && options.layoutInterval > 0 && result.iterationsRun < options.iterations && sinceExaggeration >= 0 &&
        sinceExaggeration % options.layoutInterval == 0)
      layout(result.iterationsRun, toEmbedding(optimiser.positions()));
  }
  result.exaggeratedIterations = std::min(schedule.exaggeratedIterations(), result.iterationsRun);
  result.optimiseSeconds = secondsSince(optimiseStart);

  result.embedding = toEmbedding(optimiser.positions());
  if (options.computeKl && result.status == TsneStatus::Ok) {
    const auto klStart = Clock::now();
    result.klEstimated = n >= static_cast<std::size_t>(std::max(0, options.exactKlBelow));
    result.klDivergence = result.klEstimated ? optimiser.estimateKl() : tsneKlDivergence(*p, result.embedding, pool);
    result.klSeconds = secondsSince(klStart);
  }
  return result;
}

}  // namespace hetsched::embed
