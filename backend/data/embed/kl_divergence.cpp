// KL(P||Q) of a finished map, evaluated exactly: the O(N^2) normalisation is
// a few tens of milliseconds for 10^4 points, cheaper than arguing about the
// error of an estimate.
#include "affinities.h"
#include "embed_types.h"
#include "knn_graph.h"
#include "tsne.h"
#include "worker_pool.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace hetsched::embed {

namespace {

using D2 = double __attribute__((vector_size(16)));

// sum_{j > i} 1 / (1 + |y_i - y_j|^2), two pairs per vector operation.
double rowSum(const std::vector<double>& xs, const std::vector<double>& ys, std::size_t i) {
  const std::size_t n = xs.size();
  const D2 xi = {xs[i], xs[i]};
  const D2 yi = {ys[i], ys[i]};
  const D2 one = {1.0, 1.0};
  D2 acc = {0.0, 0.0};
  std::size_t j = i + 1;
  for (; j + 1 < n; j += 2) {
    D2 xj;
    D2 yj;
    __builtin_memcpy(&xj, &xs[j], sizeof xj);
    __builtin_memcpy(&yj, &ys[j], sizeof yj);
    const D2 dx = xi - xj;
    const D2 dy = yi - yj;
    acc += one / (one + dx * dx + dy * dy);
  }
  double sum = acc[0] + acc[1];
  for (; j < n; ++j) {
    const double dx = xs[i] - xs[j];
    const double dy = ys[i] - ys[j];
    sum += 1.0 / (1.0 + dx * dx + dy * dy);
  }
  return sum;
}

}  // namespace

double tsneKlDivergence(const Affinities& p, const Embedding2d& map, WorkerPool& pool) {
  const std::size_t n = p.points;
  if (n < 2 || static_cast<std::size_t>(map.rows()) != n) return 0.0;
  std::vector<double> xs(n), ys(n);
  for (std::size_t i = 0; i < n; ++i) {
    xs[i] = map(static_cast<Eigen::Index>(i), 0);
    ys[i] = map(static_cast<Eigen::Index>(i), 1);
  }
  const unsigned workers = pool.size();
  std::vector<double> partialZ(workers, 0.0), partialCross(workers, 0.0);
  pool.run([&](unsigned worker) {
    // Rows interleaved across workers: row i costs n - i pairs.
    double z = 0.0;
    for (std::size_t i = worker; i < n; i += workers) z += rowSum(xs, ys, i);
    partialZ[worker] = z;
    double cross = 0.0;
    const auto [first, last] = pool.share(n, worker);
    for (std::size_t i = first; i < last; ++i) {
      for (std::size_t e = p.rowStart[i]; e < p.rowStart[i + 1]; ++e) {
        const std::size_t j = static_cast<std::size_t>(p.columns[e]);
        const double dx = xs[i] - xs[j];
        const double dy = ys[i] - ys[j];
        cross += 2.0 * static_cast<double>(p.values[e]) * std::log1p(dx * dx + dy * dy);
      }
    }
    partialCross[worker] = cross;
  });
  double z = 0.0, cross = 0.0;
  for (unsigned w = 0; w < workers; ++w) {
    z += 2.0 * partialZ[w];
    cross += partialCross[w];
  }
  // KL = sum p log p - sum p log w + log Z, with log w = -log(1 + d^2) and
  // sum p = 1.
  return p.plogp + cross + std::log(z);
}

double tsneKlDivergence(const PointMatrix& data, const Embedding2d& map, double perplexity, unsigned threads) {
  WorkerPool pool(threads);
  const std::size_t n = static_cast<std::size_t>(data.rows());
  if (n < 2) return 0.0;
  const NeighbourPlan plan = planNeighbours(n, perplexity);
  return tsneKlDivergence(perplexityAffinities(exactKnn(data, plan.neighbours, pool), plan.perplexity, pool), map,
                          pool);
}

}  // namespace hetsched::embed
