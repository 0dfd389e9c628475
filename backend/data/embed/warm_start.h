#pragma once

#include "embed_types.h"

namespace hetsched::embed {

// Starting map for updating an existing one: rows 0..known.rows()-1 of `data`
// keep their positions and every further row starts at the mean position of
// its three nearest known rows (in input space), so that a short run without
// early exaggeration (TsneOptions::initial, exaggerationIterations = 0) adds
// the new points without the old ones jumping.
Embedding2d extendMap(const PointMatrix& data, const Embedding2d& known);

// Turns, mirrors and shifts `map` (no scaling: t-SNE has no preferred
// orientation or handedness) so that its first known.rows() rows lie as
// close as they can to `known` (orthogonal Procrustes): a fresh layout of a
// map already shown keeps its orientation.
void alignToKnown(Embedding2d& map, const Embedding2d& known);

}  // namespace hetsched::embed
