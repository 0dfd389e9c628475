#pragma once

#include <Eigen/Core>

namespace hetsched::embed {

// Input points, one per row. Row-major so that a point is contiguous.
using PointMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// A 2-D map, one (x, y) per row, stored interleaved.
using Embedding2d = Eigen::Matrix<double, Eigen::Dynamic, 2, Eigen::RowMajor>;

}  // namespace hetsched::embed
