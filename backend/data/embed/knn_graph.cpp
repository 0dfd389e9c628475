#include "knn_graph.h"

#include "embed_types.h"
#include "nearest_k.h"
#include "worker_pool.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace hetsched::embed {

namespace {

// A block of rows against a block of columns: the products (128 x 1024
// floats) stay in the core's cache while the selection reads them.
constexpr Eigen::Index kBlockRows = 128;
constexpr Eigen::Index kBlockColumns = 1024;

}  // namespace

void recomputeDistances(const PointMatrix& data, KnnGraph& graph, std::size_t point) {
  const std::size_t base = point * graph.k;
  for (std::size_t m = 0; m < graph.k; ++m) {
    const auto j = static_cast<Eigen::Index>(graph.indices[base + m]);
    graph.distances2[base + m] =
        static_cast<double>((data.row(static_cast<Eigen::Index>(point)) - data.row(j)).squaredNorm());
  }
}

KnnGraph exactKnn(const PointMatrix& data, std::size_t k, WorkerPool& pool, const std::atomic<bool>* cancel) {
  const Eigen::Index n = data.rows();
  KnnGraph graph;
  graph.k = std::min<std::size_t>(k, n > 0 ? static_cast<std::size_t>(n - 1) : 0);
  k = graph.k;
  if (cancel && cancel->load(std::memory_order_relaxed)) return graph;
  graph.indices.assign(static_cast<std::size_t>(n) * k, 0);
  graph.distances2.assign(static_cast<std::size_t>(n) * k, 0.0);
  if (k == 0) return graph;
  searchNearest(
      data, 0, n, k, pool,
      [&](std::size_t i, std::span<const NearestK::Candidate> kept) {
        for (std::size_t m = 0; m < k; ++m) graph.indices[i * k + m] = NearestK::index(kept[m]);
        recomputeDistances(data, graph, i);
      },
      cancel);
  return graph;
}

void searchNearest(const PointMatrix& data, Eigen::Index firstRow, Eigen::Index candidates, std::size_t k,
                   WorkerPool& pool,
                   const std::function<void(std::size_t row, std::span<const NearestK::Candidate> nearest)>& found,
                   const std::atomic<bool>* cancel) {
  const Eigen::Index n = data.rows();
  if (k == 0 || firstRow >= n || candidates <= 0) return;
  const Eigen::VectorXf norms = data.rowwise().squaredNorm();
  const Eigen::Index blocks = (n - firstRow + kBlockRows - 1) / kBlockRows;
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(static_cast<std::size_t>(blocks), worker);
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> dots;
    std::vector<NearestK> nearest(static_cast<std::size_t>(kBlockRows), NearestK(k));
    for (std::size_t b = first; b < last; ++b) {
      if (cancel && cancel->load(std::memory_order_relaxed)) return;
      const Eigen::Index r0 = firstRow + static_cast<Eigen::Index>(b) * kBlockRows;
      const Eigen::Index rows = std::min(kBlockRows, n - r0);
      for (Eigen::Index r = 0; r < rows; ++r) nearest[static_cast<std::size_t>(r)].clear();
      for (Eigen::Index c0 = 0; c0 < candidates; c0 += kBlockColumns) {
        const Eigen::Index columns = std::min(kBlockColumns, candidates - c0);
        dots.noalias() = data.middleRows(r0, rows) * data.middleRows(c0, columns).transpose();
        for (Eigen::Index r = 0; r < rows; ++r) {
          nearest[static_cast<std::size_t>(r)].offer(norms[r0 + r], static_cast<std::int32_t>(r0 + r), &norms[c0],
                                                     dots.row(r).data(), nullptr, static_cast<std::int32_t>(c0),
                                                     static_cast<std::size_t>(columns));
        }
      }
      for (Eigen::Index r = 0; r < rows; ++r)
        found(static_cast<std::size_t>(r0 + r), nearest[static_cast<std::size_t>(r)].sorted());
    }
  });
}

}  // namespace hetsched::embed
