#pragma once

#include "embed_types.h"

#include <atomic>

namespace hetsched::embed {

class WorkerPool;

// Starting map for updating an existing one: rows 0..known.rows()-1 of `data`
// keep their positions and every further row starts at the mean position of
// its three nearest known rows (in input space), so that a short run without
// early exaggeration (TsneOptions::initial, exaggerationIterations = 0) adds
// the new points without the old ones jumping. The nearest known rows come
// from exactKnn's blocked search (searchNearest) on the pool's workers: a
// row at a time, 50,000 new jobs against 50,000 known (64 dimensions) took
// 13.3 s on one core, and a console closing meanwhile waited for it (now
// 8.8 s on one core, 4.7 s on two). Once `cancel` is set it returns early,
// with the rows not yet searched left at the origin.
Embedding2d extendMap(const PointMatrix& data, const Embedding2d& known, WorkerPool& pool,
                      const std::atomic<bool>* cancel = nullptr);

// Turns, mirrors and shifts `map` (no scaling: t-SNE has no preferred
// orientation or handedness) so that its first known.rows() rows lie as
// close as they can to `known` (orthogonal Procrustes): a fresh layout of a
// map already shown keeps its orientation.
void alignToKnown(Embedding2d& map, const Embedding2d& known);

}  // namespace hetsched::embed
