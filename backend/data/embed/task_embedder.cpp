#include "task_embedder.h"

#include "random_stream.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched::embed {

namespace {

// Adam (Kingma and Ba 2015) state for one parameter array.
struct AdamSlot {
  Eigen::ArrayXXf m;
  Eigen::ArrayXXf v;

  template <class Param, class Grad>
  void update(Param& param, const Grad& grad, float rate, int t) {
    constexpr float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;
    if (m.size() == 0) {
      m = Eigen::ArrayXXf::Zero(param.rows(), param.cols());
      v = Eigen::ArrayXXf::Zero(param.rows(), param.cols());
    }
    const Eigen::ArrayXXf g = grad.array();
    m = beta1 * m + (1.0f - beta1) * g;
    v = beta2 * v + (1.0f - beta2) * g.square();
    const float c1 = 1.0f - std::pow(beta1, static_cast<float>(t));
    const float c2 = 1.0f - std::pow(beta2, static_cast<float>(t));
    param.array() -= rate * (m / c1) / ((v / c2).sqrt() + eps);
  }
};

}  // namespace

TaskEmbedder::TaskEmbedder(int inputDim, std::uint64_t seed)
    : m_w1(kHidden, inputDim),
      m_b1(Eigen::VectorXf::Zero(kHidden)),
      m_w2(kOutput, kHidden),
      m_b2(Eigen::VectorXf::Zero(kOutput)) {
  // He initialisation for the ReLU layer, variance-preserving for the linear
  // output layer.
  RandomStream random(seed);
  const float s1 = std::sqrt(2.0f / static_cast<float>(std::max(1, inputDim)));
  const float s2 = std::sqrt(1.0f / static_cast<float>(kHidden));
  for (Eigen::Index i = 0; i < m_w1.size(); ++i) m_w1.data()[i] = s1 * static_cast<float>(random.normal());
  for (Eigen::Index i = 0; i < m_w2.size(); ++i) m_w2.data()[i] = s2 * static_cast<float>(random.normal());
}

Eigen::MatrixXf TaskEmbedder::embed(const Eigen::MatrixXf& features) const {
  const Eigen::MatrixXf hidden = ((m_w1 * features).colwise() + m_b1).cwiseMax(0.0f);
  return (m_w2 * hidden).colwise() + m_b2;
}

std::vector<float> TaskEmbedder::train(const Eigen::MatrixXf& features, std::span<const int> groups,
                                       const ContrastiveTraining& options) {
  std::vector<float> losses;
  const auto n = static_cast<std::size_t>(features.cols());
  if (n < 2 || groups.size() != n || options.pairsPerStep < 2 || features.rows() != m_w1.cols()) return losses;
  std::vector<std::vector<std::size_t>> members;
  for (std::size_t i = 0; i < n; ++i) {
    const auto g = static_cast<std::size_t>(std::max(0, groups[i]));
    if (members.size() <= g) members.resize(g + 1);
    members[g].push_back(i);
  }
  std::size_t nonEmpty = 0;
  for (const auto& m : members) nonEmpty += m.empty() ? 0 : 1;
  if (nonEmpty < 2) return losses;

  RandomStream random(options.seed);
  AdamSlot aw1, ab1, aw2, ab2;
  const int pairs = options.pairsPerStep;
  Eigen::MatrixXf x(features.rows(), 2 * pairs);
  std::vector<bool> similar(static_cast<std::size_t>(pairs));
  for (int step = 1; step <= options.steps; ++step) {
    for (int p = 0; p < pairs; ++p) {
      const std::size_t a = random.below(n);
      const std::size_t ga = static_cast<std::size_t>(std::max(0, groups[a]));
      std::size_t b = a;
      similar[static_cast<std::size_t>(p)] = p % 2 == 0;
      if (similar[static_cast<std::size_t>(p)]) {
        b = members[ga][random.below(members[ga].size())];
      } else {
        do b = random.below(n);
        while (static_cast<std::size_t>(std::max(0, groups[b])) == ga);
      }
      x.col(p) = features.col(static_cast<Eigen::Index>(a));
      x.col(pairs + p) = features.col(static_cast<Eigen::Index>(b));
    }
    const Eigen::MatrixXf pre = (m_w1 * x).colwise() + m_b1;
    const Eigen::MatrixXf hidden = pre.cwiseMax(0.0f);
    const Eigen::MatrixXf out = (m_w2 * hidden).colwise() + m_b2;

    // L = d^2 for similar pairs, max(0, margin - d)^2 for dissimilar ones.
    Eigen::MatrixXf gradOut = Eigen::MatrixXf::Zero(out.rows(), out.cols());
    float loss = 0.0f;
    const float scale = 1.0f / static_cast<float>(pairs);
    for (int p = 0; p < pairs; ++p) {
      const Eigen::VectorXf diff = out.col(p) - out.col(pairs + p);
      const float d = diff.norm();
      Eigen::VectorXf g;
      if (similar[static_cast<std::size_t>(p)]) {
        loss += d * d;
        g = 2.0f * diff;
      } else if (d < options.margin) {
        loss += (options.margin - d) * (options.margin - d);
        g = -2.0f * (options.margin - d) / std::max(d, 1e-6f) * diff;
      } else {
        continue;
      }
      gradOut.col(p) = scale * g;
      gradOut.col(pairs + p) = -scale * g;
    }
    losses.push_back(loss * scale);

    const Eigen::MatrixXf gw2 = gradOut * hidden.transpose();
    const Eigen::VectorXf gb2 = gradOut.rowwise().sum();
    const Eigen::MatrixXf gradHidden =
        (m_w2.transpose() * gradOut).cwiseProduct((pre.array() > 0.0f).cast<float>().matrix());
    const Eigen::MatrixXf gw1 = gradHidden * x.transpose();
    const Eigen::VectorXf gb1 = gradHidden.rowwise().sum();
    aw1.update(m_w1, gw1, options.learningRate, step);
    ab1.update(m_b1, gb1, options.learningRate, step);
    aw2.update(m_w2, gw2, options.learningRate, step);
    ab2.update(m_b2, gb2, options.learningRate, step);
  }
  return losses;
}

}  // namespace hetsched::embed
