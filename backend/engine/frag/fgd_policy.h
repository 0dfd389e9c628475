#pragma once

#include "fragmentation.h"
#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>
#include <cstdint>
#include <span>
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
  // The node's fragmentation and its GPU counts (Fragmentation::GpuCounts),
  // from which the states a placement would leave are counted again by the
  // GPUs it changes rather than all of them.
  struct Current {
    std::uint64_t version = 0;  // the node version these belong to; 0: none yet
    double frag = 0.0;
    Fragmentation::GpuCounts counts;
  };
  const Current& current(std::size_t node);
  // After `pod` takes `gpus` (a share of one GPU, or whole GPUs).
  double fragmentationAfter(std::size_t node, const Current& now, std::uint32_t cpuAfter, const PodRequest& pod,
                            std::span<const std::uint32_t> gpus);

  const TargetWorkload& m_workload;
  std::vector<std::vector<std::uint8_t>> m_accessible;  // per node
  std::vector<Current> m_current;                         // per node
  Fragmentation::GpuCounts m_after;                       // scratch
};

}  // namespace hetsched::frag
