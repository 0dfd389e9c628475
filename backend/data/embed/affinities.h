#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::embed {

class WorkerPool;
struct KnnGraph;

// Symmetrised input similarities p_ij = (p_j|i + p_i|j) / 2N of the sparse
// t-SNE, stored once per pair: row i holds the columns j > i (CSR). Each stored
// value stands for both p_ij and p_ji, so the stored values sum to 1/2.
struct Affinities {
  std::size_t points = 0;
  std::vector<std::size_t> rowStart;
  std::vector<std::int32_t> columns;
  std::vector<float> values;
  // sum over ordered pairs of p log p, the constant part of KL(P||Q).
  double plogp = 0.0;
};

// The perplexity and neighbour count used for n points: 3 * perplexity
// neighbours, the perplexity shrunk (not below 1) where n - 1 points cannot
// supply them, as Rtsne asks its users to do.
struct NeighbourPlan {
  double perplexity = 0.0;
  std::size_t neighbours = 0;
};
NeighbourPlan planNeighbours(std::size_t points, double perplexity);

// Calibrates a Gaussian per point so that its conditional distribution over
// its neighbours has the given perplexity (bisection on the precision, as in
// bhtsne), then symmetrises. Takes the graph to free it (and its own
// buffers) as soon as each has been read: at 100,000 points and 90
// neighbours the graph is 108 MB and the buffers 216 MB, the console's
// largest allocations while a job map is laid out.
Affinities perplexityAffinities(KnnGraph graph, double perplexity, WorkerPool& pool);

}  // namespace hetsched::embed
