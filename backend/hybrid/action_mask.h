#pragma once

#include <Eigen/Dense>

#include <cstdint>
#include <vector>

namespace hetsched {

// How actions that the cluster cannot carry out right now are treated.
// Soft is the seed's §2.5 rule: the softmax probability of an infeasible
// action is multiplied by 0.1 (`action_probs[action] *= 0.1`), so it stays
// possible but unlikely; a soft-masked pick that turns out infeasible makes
// the job wait, which is the price of the seed's rule. Hard never picks one.
enum class MaskMode : std::uint8_t { Soft, Hard };

inline constexpr double kSoftMaskFactor = 0.1;

// Softmax of q / temperature, then the mask, then renormalised.
Eigen::VectorXd maskedProbabilities(const Eigen::VectorXd& q, const std::vector<bool>& feasible, MaskMode mode,
                                    double temperature = 1.0);
// The most probable action after masking (ties to the lower index); -1 only
// when the hard mask leaves nothing.
int greedyAction(const Eigen::VectorXd& q, const std::vector<bool>& feasible, MaskMode mode,
                 double temperature = 1.0);

}  // namespace hetsched
