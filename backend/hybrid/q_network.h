#pragma once

#include <Eigen/Dense>

#include <cstdint>
#include <vector>

namespace hetsched {

class SplitMix;

// A small fully connected Q-network: inputs -> hidden (ReLU) ... -> one
// Q-value per action (linear). Double precision and Eigen's single-threaded
// kernels, so that training is bit-for-bit reproducible for a seed. Trained
// with Adam on the Huber loss of the TD error of the chosen action only.
class QNetwork {
 public:
  QNetwork() = default;
  QNetwork(int inputs, std::vector<int> hidden, int actions, SplitMix& rng);

  int inputs() const { return m_weights.empty() ? 0 : static_cast<int>(m_weights.front().cols()); }
  int actions() const { return m_weights.empty() ? 0 : static_cast<int>(m_weights.back().rows()); }
  std::size_t layers() const { return m_weights.size(); }
  const Eigen::MatrixXd& weight(std::size_t layer) const { return m_weights[layer]; }
  const Eigen::VectorXd& bias(std::size_t layer) const { return m_biases[layer]; }
  // For the weights file reader, which checks shapes first.
  void setLayers(std::vector<Eigen::MatrixXd> weights, std::vector<Eigen::VectorXd> biases);

  Eigen::VectorXd predict(const Eigen::VectorXd& state) const;
  // One Adam step on a batch: states as columns, the action taken and the
  // TD target per column. Returns the mean Huber loss before the step.
  double trainStep(const Eigen::MatrixXd& states, const std::vector<int>& actions, const Eigen::VectorXd& targets,
                   double learningRate);
  // Target network sync: the parameters only, not the optimiser state.
  void copyParametersFrom(const QNetwork& other);

 private:
  std::vector<Eigen::MatrixXd> m_weights;
  std::vector<Eigen::VectorXd> m_biases;
  // Adam moments, same shapes as the parameters.
  std::vector<Eigen::MatrixXd> m_mW, m_vW;
  std::vector<Eigen::VectorXd> m_mB, m_vB;
  std::uint64_t m_step = 0;
};

}  // namespace hetsched
