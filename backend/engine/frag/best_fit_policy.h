#pragma once

#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>

namespace hetsched::frag {

// Best-fit: the node whose CPU and GPU left over after placing the pod,
// each normalised by the largest machine and weighted equally, is smallest.
// GPU-share pods take the best-fitting GPU.
class BestFitPolicy final : public PlacementPolicy {
 public:
  PolicyKind kind() const override { return PolicyKind::BestFit; }
  NodeScore score(std::size_t node, const PodRequest& pod) override;
};

}  // namespace hetsched::frag
