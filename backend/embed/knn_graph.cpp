#include "knn_graph.h"

#include "embed/fft_grid.h"
#include "embed/worker_pool.h"

#include <algorithm>
#include <utility>

namespace hetsched::embed {

namespace {

constexpr Eigen::Index kBlockRows = 128;

using Candidate = std::pair<float, std::int32_t>;

}  // namespace

KnnGraph exactKnn(const PointMatrix& data, std::size_t k, WorkerPool& pool) {
  const Eigen::Index n = data.rows();
  KnnGraph graph;
  graph.k = std::min<std::size_t>(k, n > 0 ? static_cast<std::size_t>(n - 1) : 0);
  k = graph.k;
  graph.indices.assign(static_cast<std::size_t>(n) * k, 0);
  graph.distances2.assign(static_cast<std::size_t>(n) * k, 0.0);
  if (k == 0) return graph;

  const Eigen::VectorXf norms = data.rowwise().squaredNorm();
  const Eigen::Index blocks = (n + kBlockRows - 1) / kBlockRows;
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(static_cast<std::size_t>(blocks), worker);
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> dots;
    std::vector<Candidate> heap;
    heap.reserve(k);
    for (std::size_t b = first; b < last; ++b) {
      const Eigen::Index r0 = static_cast<Eigen::Index>(b) * kBlockRows;
      const Eigen::Index rows = std::min(kBlockRows, n - r0);
      dots.noalias() = data.middleRows(r0, rows) * data.transpose();
      for (Eigen::Index r = 0; r < rows; ++r) {
        const Eigen::Index i = r0 + r;
        const float* row = dots.row(r).data();
        const float ni = norms[i];
        // The first k candidates seed the heap; after that almost every point
        // is rejected by one comparison with the current k-th distance.
        heap.clear();
        Eigen::Index j = 0;
        for (; heap.size() < k; ++j) {
          if (j == i) continue;
          heap.push_back({std::max(0.0f, ni + norms[j] - 2.0f * row[j]), static_cast<std::int32_t>(j)});
        }
        std::make_heap(heap.begin(), heap.end());
        float worst = heap.front().first;
        for (; j < n; ++j) {
          // Four candidates per test while none of them is close enough.
          for (; j + 4 <= n; j += 4) {
            F4 nj, rj;
            __builtin_memcpy(&nj, &norms[j], sizeof nj);
            __builtin_memcpy(&rj, &row[j], sizeof rj);
            const auto closer = (nj - 2.0f * rj) < (worst - ni);
            if ((closer[0] | closer[1] | closer[2] | closer[3]) != 0) break;
          }
          if (j >= n) break;
          const float d = std::max(0.0f, ni + norms[j] - 2.0f * row[j]);
          if (d >= worst || j == i) continue;
          std::pop_heap(heap.begin(), heap.end());
          heap.back() = {d, static_cast<std::int32_t>(j)};
          std::push_heap(heap.begin(), heap.end());
          worst = heap.front().first;
        }
        std::sort_heap(heap.begin(), heap.end());
        // The expanded form |a|^2 + |b|^2 - 2ab loses digits for close
        // points; the kept few get their distance recomputed as |a - b|^2.
        const std::size_t base = static_cast<std::size_t>(i) * k;
        for (std::size_t m = 0; m < k; ++m) {
          const std::int32_t j = heap[m].second;
          graph.indices[base + m] = j;
          graph.distances2[base + m] = static_cast<double>((data.row(i) - data.row(j)).squaredNorm());
        }
      }
    }
  });
  return graph;
}

}  // namespace hetsched::embed
