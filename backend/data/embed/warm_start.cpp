#include "warm_start.h"

#include "embed_types.h"

#include <Eigen/SVD>
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace hetsched::embed {

Embedding2d extendMap(const PointMatrix& data, const Embedding2d& known) {
  const Eigen::Index old = std::min(known.rows(), data.rows());
  Embedding2d map = Embedding2d::Zero(data.rows(), 2);
  map.topRows(old) = known.topRows(old);
  if (old == 0) return map;
  constexpr Eigen::Index kNeighbours = 3;
  std::vector<std::pair<float, Eigen::Index>> distances(static_cast<std::size_t>(old));
  for (Eigen::Index i = old; i < data.rows(); ++i) {
    for (Eigen::Index j = 0; j < old; ++j)
      distances[static_cast<std::size_t>(j)] = {(data.row(i) - data.row(j)).squaredNorm(), j};
    const Eigen::Index k = std::min(kNeighbours, old);
    std::partial_sort(distances.begin(), distances.begin() + k, distances.end());
    for (Eigen::Index m = 0; m < k; ++m) map.row(i) += known.row(distances[static_cast<std::size_t>(m)].second);
    map.row(i) /= static_cast<double>(k);
  }
  return map;
}

void alignToKnown(Embedding2d& map, const Embedding2d& known) {
  const Eigen::Index k = std::min(known.rows(), map.rows());
  if (k < 2) return;
  const Eigen::RowVector2d mapMean = map.topRows(k).colwise().mean();
  const Eigen::RowVector2d knownMean = known.topRows(k).colwise().mean();
  const Eigen::Matrix2d h = (map.topRows(k).rowwise() - mapMean).transpose() * (known.topRows(k).rowwise() - knownMean);
  const Eigen::JacobiSVD<Eigen::Matrix2d> svd(h, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Eigen::Matrix2d turn = svd.matrixU() * svd.matrixV().transpose();
  map = ((map.rowwise() - mapMean) * turn).rowwise() + knownMean;
}

}  // namespace hetsched::embed
