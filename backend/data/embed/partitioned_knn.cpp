#include "partitioned_knn.h"

#include "embed_types.h"
#include "knn_graph.h"
#include "nearest_k.h"
#include "random_stream.h"
#include "worker_pool.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace hetsched::embed {

namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

constexpr Eigen::Index kBlockRows = 128;
// k-means fits its centres on about this many points per cell.
constexpr std::size_t kSamplePerCell = 32;

// The nearest centre of each of `rows` (indices into data), in parallel.
void assignToCentres(const PointMatrix& data, const std::vector<std::int32_t>& rows, const RowMatrix& centres,
                     std::vector<std::int32_t>& cellOf, WorkerPool& pool) {
  const Eigen::VectorXf centreNorms = centres.rowwise().squaredNorm();
  const std::size_t blocks = (rows.size() + kBlockRows - 1) / kBlockRows;
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(blocks, worker);
    RowMatrix points;
    RowMatrix dots;
    for (std::size_t b = first; b < last; ++b) {
      const std::size_t r0 = b * kBlockRows;
      const auto count = static_cast<Eigen::Index>(std::min<std::size_t>(kBlockRows, rows.size() - r0));
      points.resize(count, data.cols());
      for (Eigen::Index r = 0; r < count; ++r) points.row(r) = data.row(rows[r0 + static_cast<std::size_t>(r)]);
      dots.noalias() = points * centres.transpose();
      for (Eigen::Index r = 0; r < count; ++r) {
        Eigen::Index best = 0;
        float bestDistance = centreNorms[0] - 2.0f * dots(r, 0);
        for (Eigen::Index c = 1; c < centres.rows(); ++c) {
          const float d = centreNorms[c] - 2.0f * dots(r, c);
          if (d < bestDistance) {
            bestDistance = d;
            best = c;
          }
        }
        cellOf[static_cast<std::size_t>(rows[r0 + static_cast<std::size_t>(r)])] = static_cast<std::int32_t>(best);
      }
    }
  });
}

// Lloyd's k-means on a strided sample, from distinct seeded points. Sums run
// in point order on one thread, so the centres do not depend on the pool.
RowMatrix fitCentres(const PointMatrix& data, std::size_t cells, const PartitionedKnnOptions& options,
                     std::vector<std::int32_t>& cellOf, WorkerPool& pool) {
  const std::size_t n = static_cast<std::size_t>(data.rows());
  std::vector<std::int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  RandomStream random(options.seed);
  RowMatrix centres(static_cast<Eigen::Index>(cells), data.cols());
  for (std::size_t c = 0; c < cells; ++c) {
    std::swap(order[c], order[c + random.below(n - c)]);
    centres.row(static_cast<Eigen::Index>(c)) = data.row(order[c]);
  }
  const std::size_t stride = std::max<std::size_t>(1, n / (kSamplePerCell * cells));
  std::vector<std::int32_t> sample;
  for (std::size_t i = 0; i < n; i += stride) sample.push_back(static_cast<std::int32_t>(i));
  for (int iteration = 0; iteration < options.lloydIterations; ++iteration) {
    assignToCentres(data, sample, centres, cellOf, pool);
    RowMatrix sums = RowMatrix::Zero(centres.rows(), centres.cols());
    std::vector<std::size_t> counts(cells, 0);
    for (const std::int32_t i : sample) {
      const auto c = static_cast<std::size_t>(cellOf[static_cast<std::size_t>(i)]);
      sums.row(static_cast<Eigen::Index>(c)) += data.row(i);
      ++counts[c];
    }
    for (std::size_t c = 0; c < cells; ++c) {
      if (counts[c] > 0)
        centres.row(static_cast<Eigen::Index>(c)) =
            sums.row(static_cast<Eigen::Index>(c)) / static_cast<float>(counts[c]);
    }
  }
  return centres;
}

// For each cell, the cells to search: the nearest centres first (itself
// among them), at least `probes` of them and enough to hold `minPoints`.
std::vector<std::vector<std::int32_t>> probeLists(const RowMatrix& centres, const std::vector<std::size_t>& sizes,
                                                  std::size_t probes, std::size_t minPoints) {
  const auto cells = static_cast<std::size_t>(centres.rows());
  const Eigen::VectorXf norms = centres.rowwise().squaredNorm();
  const RowMatrix dots = centres * centres.transpose();
  std::vector<std::vector<std::int32_t>> lists(cells);
  std::vector<std::pair<float, std::int32_t>> byDistance(cells);
  for (std::size_t c = 0; c < cells; ++c) {
    for (std::size_t e = 0; e < cells; ++e) {
      const auto ce = static_cast<Eigen::Index>(e);
      const float d =
          e == c ? -1.0f
                 : norms[static_cast<Eigen::Index>(c)] + norms[ce] - 2.0f * dots(static_cast<Eigen::Index>(c), ce);
      byDistance[e] = {d, static_cast<std::int32_t>(e)};
    }
    std::sort(byDistance.begin(), byDistance.end());
    std::size_t points = 0;
    for (std::size_t m = 0; m < cells && (lists[c].size() < probes || points < minPoints); ++m) {
      lists[c].push_back(byDistance[m].second);
      points += sizes[static_cast<std::size_t>(byDistance[m].second)];
    }
  }
  return lists;
}

}  // namespace

KnnGraph partitionedKnn(const PointMatrix& data, std::size_t k, WorkerPool& pool, const PartitionedKnnOptions& options,
                        const std::atomic<bool>* cancel) {
  const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  const std::size_t n = static_cast<std::size_t>(data.rows());
  KnnGraph graph;
  graph.k = std::min<std::size_t>(k, n > 0 ? n - 1 : 0);
  k = graph.k;
  if (cancelled()) return graph;  // before the graph's n k entries are touched
  graph.indices.assign(n * k, 0);
  graph.distances2.assign(n * k, 0.0);
  if (k == 0) return graph;

  const std::size_t cells = std::clamp<std::size_t>(
      options.cells > 0 ? options.cells
                        : static_cast<std::size_t>(std::lround(3.0 * std::sqrt(static_cast<double>(n)))),
      1, n);
  std::vector<std::int32_t> cellOf(n, 0);
  const RowMatrix centres = fitCentres(data, cells, options, cellOf, pool);
  std::vector<std::int32_t> all(n);
  std::iota(all.begin(), all.end(), 0);
  assignToCentres(data, all, centres, cellOf, pool);

  // Members of each cell in point order (counting sort).
  std::vector<std::size_t> start(cells + 1, 0);
  for (const std::int32_t c : cellOf) ++start[static_cast<std::size_t>(c) + 1];
  for (std::size_t c = 0; c < cells; ++c) start[c + 1] += start[c];
  std::vector<std::int32_t> members(n);
  {
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
      members[fill[static_cast<std::size_t>(cellOf[i])]++] = static_cast<std::int32_t>(i);
  }
  std::vector<std::size_t> sizes(cells);
  for (std::size_t c = 0; c < cells; ++c) sizes[c] = start[c + 1] - start[c];
  const auto probes = probeLists(centres, sizes, options.probes, std::min(n, 8 * k + 1));

  // Largest cells first, dealt round-robin: the cost of a cell grows with
  // its size, and each cell's result depends only on the cell.
  std::vector<std::size_t> order(cells);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sizes[a] > sizes[b]; });
  const Eigen::VectorXf norms = data.rowwise().squaredNorm();
  pool.run([&](unsigned worker) {
    RowMatrix queries, candidates, dots;
    std::vector<std::int32_t> ids;
    std::vector<float> candidateNorms;
    NearestK nearest(k);
    for (std::size_t o = worker; o < cells; o += pool.size()) {
      if (cancelled()) return;
      const std::size_t cell = order[o];
      if (sizes[cell] == 0) continue;
      ids.clear();
      for (const std::int32_t p : probes[cell]) {
        const auto pc = static_cast<std::size_t>(p);
        ids.insert(ids.end(), members.begin() + static_cast<std::ptrdiff_t>(start[pc]),
                   members.begin() + static_cast<std::ptrdiff_t>(start[pc + 1]));
      }
      candidates.resize(static_cast<Eigen::Index>(ids.size()), data.cols());
      candidateNorms.resize(ids.size());
      for (std::size_t m = 0; m < ids.size(); ++m) {
        candidates.row(static_cast<Eigen::Index>(m)) = data.row(ids[m]);
        candidateNorms[m] = norms[ids[m]];
      }
      for (std::size_t r0 = start[cell]; r0 < start[cell + 1]; r0 += kBlockRows) {
        const std::size_t rows = std::min<std::size_t>(kBlockRows, start[cell + 1] - r0);
        queries.resize(static_cast<Eigen::Index>(rows), data.cols());
        for (std::size_t r = 0; r < rows; ++r) queries.row(static_cast<Eigen::Index>(r)) = data.row(members[r0 + r]);
        dots.noalias() = queries * candidates.transpose();
        for (std::size_t r = 0; r < rows; ++r) {
          const auto i = static_cast<std::size_t>(members[r0 + r]);
          nearest.clear();
          nearest.offer(norms[static_cast<Eigen::Index>(i)], static_cast<std::int32_t>(i), candidateNorms.data(),
                        dots.row(static_cast<Eigen::Index>(r)).data(), ids.data(), 0, ids.size());
          const auto kept = nearest.sorted();
          for (std::size_t m = 0; m < k; ++m) graph.indices[i * k + m] = NearestK::index(kept[m]);
          recomputeDistances(data, graph, i);
        }
      }
    }
  });
  return graph;
}

}  // namespace hetsched::embed
