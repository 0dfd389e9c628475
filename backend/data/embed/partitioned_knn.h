#pragma once

#include "embed_types.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace hetsched::embed {

struct KnnGraph;
class WorkerPool;

struct PartitionedKnnOptions {
  std::size_t cells = 0;  // 0: about 3 sqrt(N), ~100 points a cell at N = 10^5
  std::size_t probes = 24;  // cells searched per cell (at least 8k points)
  int lloydIterations = 3;
  std::uint64_t seed = 1;
};

// Approximate k nearest neighbours for large N (an inverted file, as FAISS's
// IVF): k-means cells, then each cell's points against the points of the
// cells whose centres lie nearest its own, one block matrix product per
// cell. O(N^1.5 d) where the exact search is O(N^2 d); every step is split
// statically among the workers, so the graph is the same for a seed and any
// thread count. Finds ~97% of the true neighbours of job embeddings
// (docs/tsne.md); fewer in data of high intrinsic dimension, where
// neighbours are nearly arbitrary anyway. Once `cancel` is set it stops
// between cells and returns a graph with rows left unsearched: a closing
// console waits for this thread, and a search of 10^5 points takes seconds.
KnnGraph partitionedKnn(const PointMatrix& data, std::size_t k, WorkerPool& pool,
                        const PartitionedKnnOptions& options = {}, const std::atomic<bool>* cancel = nullptr);

}  // namespace hetsched::embed
