#include "affinities.h"

#include "knn_graph.h"
#include "worker_pool.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace hetsched::embed {

namespace {

// Writes p_j|i for one row. Distances are shifted by the smallest so that the
// nearest neighbour has weight 1 and exp() cannot underflow the whole row.
void calibrateRow(std::span<const double> d2, double perplexity, std::span<double> p) {
  const double target = std::log(perplexity);
  const double dmin = *std::min_element(d2.begin(), d2.end());
  double mean = 0.0;
  for (double d : d2) mean += d - dmin;
  mean /= static_cast<double>(d2.size());
  double beta = mean > 0.0 ? 1.0 / mean : 1.0;
  double lo = 0.0;
  double hi = std::numeric_limits<double>::infinity();
  for (int iter = 0; iter < 200; ++iter) {
    double sum = 0.0;
    double weighted = 0.0;
    for (std::size_t m = 0; m < d2.size(); ++m) {
      const double shifted = d2[m] - dmin;
      p[m] = std::exp(-beta * shifted);
      sum += p[m];
      weighted += shifted * p[m];
    }
    const double entropy = std::log(sum) + beta * weighted / sum;
    const double diff = entropy - target;
    for (double& v : p) v /= sum;
    if (std::abs(diff) < 1e-5 || !std::isfinite(beta)) break;
    if (diff > 0.0) {
      lo = beta;
      beta = std::isinf(hi) ? beta * 2.0 : 0.5 * (beta + hi);
    } else {
      hi = beta;
      beta = 0.5 * (beta + lo);
    }
  }
}

// A directed edge's share of a stored pair, packed to 12 bytes where
// std::pair<int32_t, double> takes 16: 9,000,000 of them at 100,000 points
// and 90 neighbours, the largest buffer while a job map is laid out.
#pragma pack(push, 4)
struct Entry {
  std::int32_t column;
  double value;
};
#pragma pack(pop)
static_assert(sizeof(Entry) == 12);

}  // namespace

NeighbourPlan planNeighbours(std::size_t points, double perplexity) {
  NeighbourPlan plan;
  if (points < 2) return plan;
  const double most = std::max(1.0, static_cast<double>(points - 1) / 3.0);
  plan.perplexity = std::clamp(perplexity, 1.0, most);
  plan.neighbours = std::min<std::size_t>(points - 1, std::max<long>(1, std::lround(3.0 * plan.perplexity)));
  return plan;
}

Affinities perplexityAffinities(KnnGraph graph, double perplexity, WorkerPool& pool) {
  const std::size_t n = graph.k == 0 ? 0 : graph.indices.size() / graph.k;
  const std::size_t k = graph.k;
  Affinities result;
  result.points = n;
  result.rowStart.assign(n + 1, 0);
  if (n == 0) return result;

  std::vector<double> conditional(n * k);
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(n, worker);
    for (std::size_t i = first; i < last; ++i) {
      calibrateRow({graph.distances2.data() + i * k, k}, perplexity, {conditional.data() + i * k, k});
    }
  });

  // Each directed edge i->j contributes p_j|i / 2N to the pair stored in row
  // min(i, j). Counting sort by that row keeps the construction deterministic.
  std::vector<std::size_t> count(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t m = 0; m < k; ++m) {
      const std::size_t j = static_cast<std::size_t>(graph.indices[i * k + m]);
      ++count[std::min(i, j) + 1];
    }
  }
  for (std::size_t i = 0; i < n; ++i) count[i + 1] += count[i];
  std::vector<Entry> entries(n * k);
  std::vector<std::size_t> fill(count.begin(), count.end() - 1);
  const double scale = 1.0 / (2.0 * static_cast<double>(n));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t m = 0; m < k; ++m) {
      const std::size_t j = static_cast<std::size_t>(graph.indices[i * k + m]);
      const std::size_t row = std::min(i, j);
      entries[fill[row]++] = {static_cast<std::int32_t>(std::max(i, j)), conditional[i * k + m] * scale};
    }
  }
  // Read for the last time: freed before the result is allocated.
  graph = {};
  std::vector<double>().swap(conditional);
  std::vector<std::size_t>().swap(fill);
  result.columns.reserve(n * k);
  result.values.reserve(n * k);
  double plogp = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    auto begin = entries.begin() + static_cast<std::ptrdiff_t>(count[i]);
    auto end = entries.begin() + static_cast<std::ptrdiff_t>(count[i + 1]);
    std::sort(begin, end, [](const Entry& a, const Entry& b) { return a.column < b.column; });
    for (auto it = begin; it != end;) {
      double value = 0.0;
      const std::int32_t column = it->column;
      for (; it != end && it->column == column; ++it) value += it->value;
      result.columns.push_back(column);
      const float stored = static_cast<float>(value);
      result.values.push_back(stored);
      // p log p -> 0 as p -> 0: an affinity that underflowed the float adds
      // nothing (0 * log 0 made the KL of some job maps NaN).
      if (stored > 0.0f) plogp += 2.0 * stored * std::log(static_cast<double>(stored));
    }
    result.rowStart[i + 1] = result.columns.size();
  }
  result.plogp = plogp;
  return result;
}

}  // namespace hetsched::embed
