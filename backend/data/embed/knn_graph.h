#pragma once

#include "embed_types.h"

#include <cstddef>
#include <cstdint>
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
// deterministic.
KnnGraph exactKnn(const PointMatrix& data, std::size_t k, WorkerPool& pool);

// The expanded form |a|^2 + |b|^2 - 2ab that finds neighbours loses digits
// for close points: the kept few of `point` get theirs as |a - b|^2.
void recomputeDistances(const PointMatrix& data, KnnGraph& graph, std::size_t point);

}  // namespace hetsched::embed
