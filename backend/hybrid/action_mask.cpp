#include "action_mask.h"

namespace hetsched {

Eigen::VectorXd maskedProbabilities(const Eigen::VectorXd& q, const std::vector<bool>& feasible, MaskMode mode,
                                    double temperature) {
  // Subtract the max before exp: Q-values of a few hundred would overflow.
  Eigen::VectorXd p = ((q.array() - q.maxCoeff()) / temperature).exp().matrix();
  for (Eigen::Index a = 0; a < p.size(); ++a) {
    if (feasible[static_cast<std::size_t>(a)]) continue;
    p(a) = mode == MaskMode::Soft ? p(a) * kSoftMaskFactor : 0.0;
  }
  const double sum = p.sum();
  return sum > 0.0 ? Eigen::VectorXd(p / sum) : p;
}

int greedyAction(const Eigen::VectorXd& q, const std::vector<bool>& feasible, MaskMode mode, double temperature) {
  const Eigen::VectorXd p = maskedProbabilities(q, feasible, mode, temperature);
  int best = -1;
  for (Eigen::Index a = 0; a < p.size(); ++a) {
    if (mode == MaskMode::Hard && !feasible[static_cast<std::size_t>(a)]) continue;
    if (best < 0 || p(a) > p(best)) best = static_cast<int>(a);
  }
  return best;
}

}  // namespace hetsched
