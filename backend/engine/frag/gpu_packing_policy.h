#pragma once

#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::frag {

// GPU Packing: prefer, in this order, (1) already shared GPUs, fuller ones
// first; (2) free GPUs on a node that is partly used, as few as possible;
// (3) a completely free node, smaller ones first. CPU-only pods get the same
// score everywhere. Integer scores as in the authors' simulator.
class GpuPackingPolicy final : public PlacementPolicy {
 public:
  PolicyKind kind() const override { return PolicyKind::GpuPacking; }
  NodeScore score(std::size_t node, const PodRequest& pod) override;
  bool scoreReadsCpu() const override { return false; }

 private:
  std::vector<std::uint32_t> m_eligible;  // scratch: free shares that hold the pod
};

}  // namespace hetsched::frag
