#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <span>
#include <vector>

namespace hetsched::embed {

struct ContrastiveTraining {
  int steps = 400;
  int pairsPerStep = 64;  // half similar, half dissimilar
  float learningRate = 1e-3f;
  float margin = 2.0f;  // dissimilar pairs are pushed at least this far apart
  std::uint64_t seed = 1;
};

// The seed's §3.3 TaskEmbedder: input -> 128 -> ReLU -> 64, trained with the
// contrastive loss of Hadsell, Chopra and LeCun (2006) so that jobs of one
// group land close together and jobs of different groups at least `margin`
// apart. Adam updates; deterministic for a seed.
class TaskEmbedder {
 public:
  static constexpr int kHidden = 128;
  static constexpr int kOutput = 64;

  TaskEmbedder() = default;
  TaskEmbedder(int inputDim, std::uint64_t seed);

  int inputDim() const { return static_cast<int>(m_w1.cols()); }

  // One column per job, as JobFeatures::encode writes them.
  Eigen::MatrixXf embed(const Eigen::MatrixXf& features) const;

  // Returns the mean loss of each step. `groups[i]` labels column i; at least
  // two groups are needed for dissimilar pairs.
  std::vector<float> train(const Eigen::MatrixXf& features, std::span<const int> groups,
                           const ContrastiveTraining& options);

  // Raw parameters, for the model file.
  Eigen::MatrixXf& w1() { return m_w1; }
  Eigen::VectorXf& b1() { return m_b1; }
  Eigen::MatrixXf& w2() { return m_w2; }
  Eigen::VectorXf& b2() { return m_b2; }
  const Eigen::MatrixXf& w1() const { return m_w1; }
  const Eigen::VectorXf& b1() const { return m_b1; }
  const Eigen::MatrixXf& w2() const { return m_w2; }
  const Eigen::VectorXf& b2() const { return m_b2; }

 private:
  Eigen::MatrixXf m_w1;  // kHidden x input
  Eigen::VectorXf m_b1;
  Eigen::MatrixXf m_w2;  // kOutput x kHidden
  Eigen::VectorXf m_b2;
};

}  // namespace hetsched::embed
