#pragma once

#include "embed_types.h"
#include "tsne_options.h"

#include <atomic>

namespace hetsched::embed {

struct Affinities;
class WorkerPool;

// t-SNE to two dimensions: kNN affinities (exact, or partitioned for large
// inputs), FFT-interpolated repulsion, bhtsne's update on an openTSNE-style
// schedule that ends the exaggeration and the run by the KL's progress
// (docs/tsne.md). Deterministic for a given seed and thread count.
// Setting *cancel makes it return TsneStatus::Cancelled once the neighbours
// are found, or at the next iteration.
// `layout` gets intermediate maps, for a view that shows the map settling.
TsneResult computeTsne(const PointMatrix& data, const TsneOptions& options, const std::atomic<bool>* cancel = nullptr,
                       const TsneProgress& progress = {}, const TsneLayout& layout = {});

// Exact KL(P||Q) of a map, P as in computeTsne: lets other maps of the same
// data (another implementation's, a warm-started one) be compared fairly.
double tsneKlDivergence(const PointMatrix& data, const Embedding2d& map, double perplexity, unsigned threads = 0);
double tsneKlDivergence(const Affinities& p, const Embedding2d& map, WorkerPool& pool);

}  // namespace hetsched::embed
