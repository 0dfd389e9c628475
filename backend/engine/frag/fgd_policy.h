#pragma once

#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::frag {

class TargetWorkload;

// Fragmentation Gradient Descent (Weng et al., ATC'23): place the pod on the
// node and GPU whose fragmentation (against the target workload) grows
// least. Each node's current fragmentation is cached and recomputed only
// when that node has changed.
class FgdPolicy final : public PlacementPolicy {
 public:
  explicit FgdPolicy(const TargetWorkload& workload) : m_workload(workload) {}

  PolicyKind kind() const override { return PolicyKind::Fgd; }
  void attach(const std::vector<GpuNode>& nodes) override;
  // Higher when fragmentation grows less: sigmoid(before - after, in GPUs),
  // in integer percent as the authors' simulator scores it.
  NodeScore score(std::size_t node, const PodRequest& pod) override;

 private:
  double currentFragmentation(std::size_t node);
  double fragmentationAfter(std::size_t node, std::uint32_t cpuFree, const std::vector<std::uint32_t>& gpuFree) const;

  const TargetWorkload& m_workload;
  std::vector<std::vector<std::uint8_t>> m_accessible;  // per node
  std::vector<std::uint64_t> m_fragVersion;              // node version the cached value belongs to
  std::vector<double> m_frag;
  std::vector<std::uint32_t> m_scratch;
};

}  // namespace hetsched::frag
