#pragma once

#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>

namespace hetsched::frag {

// Random-fit: any node where the pod fits, drawn uniformly by the scheduler,
// and a random GPU among those with enough free share.
class RandomFitPolicy final : public PlacementPolicy {
 public:
  PolicyKind kind() const override { return PolicyKind::RandomFit; }
  NodeScore score(std::size_t, const PodRequest&) override { return {}; }
  bool picksRandomNode() const override { return true; }
};

}  // namespace hetsched::frag
