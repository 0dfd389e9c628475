#include "warm_start.h"

#include "embed_types.h"
#include "knn_graph.h"
#include "nearest_k.h"

#include <Eigen/SVD>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <span>

namespace hetsched::embed {

Embedding2d extendMap(const PointMatrix& data, const Embedding2d& known, WorkerPool& pool,
                      const std::atomic<bool>* cancel) {
  const Eigen::Index old = std::min(known.rows(), data.rows());
  Embedding2d map = Embedding2d::Zero(data.rows(), 2);
  map.topRows(old) = known.topRows(old);
  constexpr Eigen::Index kNeighbours = 3;
  const auto k = static_cast<std::size_t>(std::min(kNeighbours, old));
  // Each worker writes only the rows it searched.
  searchNearest(
      data, old, old, k, pool,
      [&](std::size_t row, std::span<const NearestK::Candidate> nearest) {
        const auto i = static_cast<Eigen::Index>(row);
        for (const NearestK::Candidate c : nearest) map.row(i) += known.row(NearestK::index(c));
        map.row(i) /= static_cast<double>(nearest.size());
      },
      cancel);
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
