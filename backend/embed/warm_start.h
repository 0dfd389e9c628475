#pragma once

#include "embed/embed_types.h"

namespace hetsched::embed {

// Starting map for updating an existing one: rows 0..known.rows()-1 of `data`
// keep their positions and every further row starts at the mean position of
// its three nearest known rows (in input space), so that a short run without
// early exaggeration (TsneOptions::initial, exaggerationIterations = 0) adds
// the new points without the old ones jumping.
Embedding2d extendMap(const PointMatrix& data, const Embedding2d& known);

}  // namespace hetsched::embed
