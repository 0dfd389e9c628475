#include "gaussian_clusters.h"

#include "random_stream.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::embed {

LabelledPoints gaussianClusters(std::size_t points, std::size_t dims, std::size_t clusters, std::uint64_t seed,
                                double spread, double spreadRatio) {
  RandomStream random(seed);
  const auto rows = static_cast<Eigen::Index>(points);
  const auto cols = static_cast<Eigen::Index>(dims);
  Eigen::MatrixXd centres(static_cast<Eigen::Index>(clusters), cols);
  for (Eigen::Index c = 0; c < centres.rows(); ++c) {
    for (Eigen::Index d = 0; d < cols; ++d) centres(c, d) = spread * random.normal();
  }
  std::vector<double> sigma(clusters, 1.0);
  for (std::size_t c = 0; c < clusters && clusters > 1; ++c)
    sigma[c] = std::pow(spreadRatio, static_cast<double>(c) / static_cast<double>(clusters - 1) - 0.5);
  LabelledPoints out;
  out.points.resize(rows, cols);
  out.labels.resize(points);
  for (Eigen::Index i = 0; i < rows; ++i) {
    const auto label = static_cast<Eigen::Index>(static_cast<std::size_t>(i) % clusters);
    out.labels[static_cast<std::size_t>(i)] = static_cast<int>(label);
    for (Eigen::Index d = 0; d < cols; ++d) {
      out.points(i, d) =
          static_cast<float>(centres(label, d) + sigma[static_cast<std::size_t>(label)] * random.normal());
    }
  }
  return out;
}

}  // namespace hetsched::embed
