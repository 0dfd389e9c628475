#pragma once

#include "frag/gpu_node.h"
#include "frag/placement.h"
#include "frag/placement_policy.h"
#include "frag/seeded_rng.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hetsched::frag {

struct PodRequest;

// Places pods one at a time on a GPU-sharing cluster with one policy, as a
// Kubernetes scheduler with that score plugin would: filter the nodes where
// the pod fits (CPU, memory, GPU model, GPU share), take the best score, and
// on equal scores the node whose name sorts first.
//
// Scores are cached per (pod shape, node) and stamped with the node's
// version, so after a placement only the changed node is scored again; that
// is what makes a full trace replay take well under a second.
class GpuShareScheduler {
 public:
  GpuShareScheduler(std::vector<GpuNode> nodes, std::unique_ptr<PlacementPolicy> policy, std::uint64_t seed);
  // The policy holds on to the node list, so the scheduler stays where it was made.
  GpuShareScheduler(const GpuShareScheduler&) = delete;
  GpuShareScheduler& operator=(const GpuShareScheduler&) = delete;

  // Places the pod, or returns nothing when no node can hold it.
  std::optional<Placement> place(const PodRequest& pod);

  const std::vector<GpuNode>& nodes() const { return m_nodes; }
  std::uint64_t gpuCapacityMilli() const { return m_capacityMilli; }
  std::uint64_t gpuAllocatedMilli() const { return m_allocatedMilli; }

 private:
  struct Entry {
    std::uint64_t version = 0;  // 0: never computed
    bool fits = false;
    NodeScore score;
  };
  std::vector<Entry>& entriesFor(const PodRequest& pod);
  const Entry& entry(std::vector<Entry>& entries, std::size_t node, const PodRequest& pod);
  int randomShareGpu(const GpuNode& node, const PodRequest& pod);

  std::vector<GpuNode> m_nodes;
  std::unique_ptr<PlacementPolicy> m_policy;
  SeededRng m_rng;
  std::unordered_map<std::string, std::size_t> m_shapeIds;
  std::vector<std::vector<Entry>> m_cache;
  std::vector<std::size_t> m_feasible;
  std::uint64_t m_capacityMilli = 0;
  std::uint64_t m_allocatedMilli = 0;
};

}  // namespace hetsched::frag
