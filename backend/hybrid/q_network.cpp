#include "q_network.h"

#include "sim/split_mix.h"

#include <algorithm>
#include <cmath>

namespace hetsched {

namespace {

// Huber with delta 1: quadratic near zero, linear beyond, so one huge wait
// in a replayed batch cannot blow the gradients up.
double huber(double e) { return std::abs(e) <= 1.0 ? 0.5 * e * e : std::abs(e) - 0.5; }
double huberGrad(double e) { return std::clamp(e, -1.0, 1.0); }

}  // namespace

QNetwork::QNetwork(int inputs, std::vector<int> hidden, int actions, SplitMix& rng) {
  std::vector<int> sizes{inputs};
  sizes.insert(sizes.end(), hidden.begin(), hidden.end());
  sizes.push_back(actions);
  for (std::size_t l = 0; l + 1 < sizes.size(); ++l) {
    // He initialisation (uniform with the same variance), drawn from our own
    // generator: Eigen's Random() uses std::rand.
    const double limit = std::sqrt(6.0 / sizes[l]);
    Eigen::MatrixXd w(sizes[l + 1], sizes[l]);
    for (Eigen::Index c = 0; c < w.cols(); ++c)
      for (Eigen::Index r = 0; r < w.rows(); ++r) w(r, c) = (2.0 * rng.uniform() - 1.0) * limit;
    m_weights.push_back(std::move(w));
    m_biases.push_back(Eigen::VectorXd::Zero(sizes[l + 1]));
  }
  setLayers(m_weights, m_biases);
}

void QNetwork::setLayers(std::vector<Eigen::MatrixXd> weights, std::vector<Eigen::VectorXd> biases) {
  m_weights = std::move(weights);
  m_biases = std::move(biases);
  m_mW.clear(), m_vW.clear(), m_mB.clear(), m_vB.clear();
  for (std::size_t l = 0; l < m_weights.size(); ++l) {
    m_mW.push_back(Eigen::MatrixXd::Zero(m_weights[l].rows(), m_weights[l].cols()));
    m_vW.push_back(m_mW.back());
    m_mB.push_back(Eigen::VectorXd::Zero(m_biases[l].size()));
    m_vB.push_back(m_mB.back());
  }
  m_step = 0;
}

Eigen::VectorXd QNetwork::predict(const Eigen::VectorXd& state) const {
  Eigen::VectorXd a = state;
  for (std::size_t l = 0; l < m_weights.size(); ++l) {
    a = m_weights[l] * a + m_biases[l];
    if (l + 1 < m_weights.size()) a = a.cwiseMax(0.0);
  }
  return a;
}

double QNetwork::trainStep(const Eigen::MatrixXd& states, const std::vector<int>& actions,
                           const Eigen::VectorXd& targets, double learningRate) {
  const std::size_t L = m_weights.size();
  const double n = static_cast<double>(states.cols());
  std::vector<Eigen::MatrixXd> acts{states};
  for (std::size_t l = 0; l < L; ++l) {
    Eigen::MatrixXd z = (m_weights[l] * acts.back()).colwise() + m_biases[l];
    if (l + 1 < L) z = z.cwiseMax(0.0);
    acts.push_back(std::move(z));
  }
  // Only the taken action's output carries an error.
  Eigen::MatrixXd delta = Eigen::MatrixXd::Zero(acts.back().rows(), acts.back().cols());
  double loss = 0.0;
  for (Eigen::Index c = 0; c < states.cols(); ++c) {
    const double e = acts.back()(actions[static_cast<std::size_t>(c)], c) - targets(c);
    loss += huber(e);
    delta(actions[static_cast<std::size_t>(c)], c) = huberGrad(e) / n;
  }
  constexpr double b1 = 0.9, b2 = 0.999, eps = 1e-8;
  ++m_step;
  const double c1 = 1.0 - std::pow(b1, static_cast<double>(m_step));
  const double c2 = 1.0 - std::pow(b2, static_cast<double>(m_step));
  for (std::size_t l = L; l-- > 0;) {
    const Eigen::MatrixXd gW = delta * acts[l].transpose();
    const Eigen::VectorXd gB = delta.rowwise().sum();
    if (l > 0) delta = (m_weights[l].transpose() * delta).cwiseProduct((acts[l].array() > 0.0).cast<double>().matrix());
    m_mW[l] = b1 * m_mW[l] + (1 - b1) * gW;
    m_vW[l] = b2 * m_vW[l] + (1 - b2) * gW.cwiseProduct(gW);
    m_mB[l] = b1 * m_mB[l] + (1 - b1) * gB;
    m_vB[l] = b2 * m_vB[l] + (1 - b2) * gB.cwiseProduct(gB);
    m_weights[l].array() -= learningRate * (m_mW[l].array() / c1) / ((m_vW[l].array() / c2).sqrt() + eps);
    m_biases[l].array() -= learningRate * (m_mB[l].array() / c1) / ((m_vB[l].array() / c2).sqrt() + eps);
  }
  return loss / n;
}

void QNetwork::copyParametersFrom(const QNetwork& other) {
  m_weights = other.m_weights;
  m_biases = other.m_biases;
}

}  // namespace hetsched
