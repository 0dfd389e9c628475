#pragma once

#include "embed_types.h"
#include "nearest_k.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace hetsched::embed {

class WorkerPool;

// The k nearest neighbours of every point (itself excluded), nearest first,
// with squared Euclidean distances; row i occupies [i*k, (i+1)*k).
struct KnnGraph {
  std::size_t k = 0;
  std::vector<std::int32_t> indices;
  std::vector<double> distances2;
};

// Exact search by blocked brute force: in tens of dimensions a metric tree
// visits most points anyway, while one matrix product per block of rows runs
// near the machine's peak. Ties go to the lower index, so the graph is
// deterministic. Once `cancel` is set it stops between blocks, leaving rows
// unsearched.
KnnGraph exactKnn(const PointMatrix& data, std::size_t k, WorkerPool& pool, const std::atomic<bool>* cancel = nullptr);

// The search exactKnn runs, for any rows among any leading candidates: for
// each row i in [firstRow, data.rows()), the k nearest of rows
// [0, candidates) other than i, nearest first (by the expanded form's
// distance, ties to the lower index), passed to found(i, nearest) on the
// worker that searched it. Rows go to workers in fixed blocks, so the result
// does not depend on the thread count. Stops between blocks once `cancel`
// is set (rows not searched are not passed).
void searchNearest(const PointMatrix& data, Eigen::Index firstRow, Eigen::Index candidates, std::size_t k,
                   WorkerPool& pool,
                   const std::function<void(std::size_t row, std::span<const NearestK::Candidate> nearest)>& found,
                   const std::atomic<bool>* cancel = nullptr);

// The expanded form |a|^2 + |b|^2 - 2ab that finds neighbours loses digits
// for close points: the kept few of `point` get theirs as |a - b|^2.
void recomputeDistances(const PointMatrix& data, KnnGraph& graph, std::size_t point);

}  // namespace hetsched::embed
