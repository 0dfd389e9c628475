#pragma once

#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>

namespace hetsched::frag {

// GPU Clustering: keep pods of one kind (GPU sharing, 1 GPU, 2 GPUs, ...)
// together. Best: a node running only that kind; then a node running that
// kind among others; then an empty node; last a node running other kinds.
// Within each band, the node with less free GPU wins. CPU-only pods get the
// same score everywhere. Integer scores as in the authors' simulator.
class GpuClusteringPolicy final : public PlacementPolicy {
 public:
  PolicyKind kind() const override { return PolicyKind::GpuClustering; }
  NodeScore score(std::size_t node, const PodRequest& pod) override;
};

}  // namespace hetsched::frag
