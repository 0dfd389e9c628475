#pragma once

#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>

namespace hetsched::frag {

// DotProd (Tetris, SIGCOMM'14) as the ATC'23 authors run it: the node's free
// (CPU, total GPU) vector and the pod's request vector, each normalised by
// the largest machine (128 CPUs, 8 GPUs); the smaller their dot product, the
// better the fit. GPU-share pods take the best-fitting GPU.
class DotProductPolicy final : public PlacementPolicy {
 public:
  PolicyKind kind() const override { return PolicyKind::DotProduct; }
  NodeScore score(std::size_t node, const PodRequest& pod) override;
};

}  // namespace hetsched::frag
