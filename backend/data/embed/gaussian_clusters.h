#pragma once

#include "embed_types.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::embed {

// Seeded test data: `clusters` isotropic Gaussians in `dims` dimensions
// whose centres are drawn with standard deviation `spread`; points are
// assigned round-robin so that every cluster has the same size. Cluster c's
// standard deviation is spreadRatio^(c / (clusters - 1) - 1/2): all 1 by
// default, a geometric range from the tightest to the widest otherwise.
struct LabelledPoints {
  PointMatrix points;
  std::vector<int> labels;
};

LabelledPoints gaussianClusters(std::size_t points, std::size_t dims, std::size_t clusters, std::uint64_t seed,
                                double spread = 3.0, double spreadRatio = 1.0);

}  // namespace hetsched::embed
