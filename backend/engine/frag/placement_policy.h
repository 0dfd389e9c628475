#pragma once

#include "gpu_node.h"
#include "pod_request.h"
#include "policy_kind.h"

#include <cstddef>
#include <vector>

namespace hetsched::frag {

// A policy's verdict on one node that can hold the pod: higher score is
// better; for a GPU-share pod also which GPU it would take.
struct NodeScore {
  double score = 0.0;
  int shareGpu = -1;
};

// Scores nodes for a pod. The scheduler only asks about nodes where the pod
// fits, and caches a score until the node changes, so a policy's score must
// depend on nothing but the node's state and the pod.
class PlacementPolicy {
 public:
  virtual ~PlacementPolicy() = default;
  virtual PolicyKind kind() const = 0;
  // The nodes the policy will be asked about; they outlive the policy's use.
  virtual void attach(const std::vector<GpuNode>& nodes) { m_nodes = &nodes; }
  virtual NodeScore score(std::size_t node, const PodRequest& pod) = 0;
  // Random-fit ignores scores: the scheduler draws a feasible node instead.
  virtual bool picksRandomNode() const { return false; }
  // No policy's score reads a pod's memory or allowed models (fits() does);
  // one that ignores its CPU too says so. Pods alike in what a score reads
  // get the same score on the same node state, so a scheduler shares it.
  virtual bool scoreReadsCpu() const { return true; }

 protected:
  const GpuNode& node(std::size_t index) const { return (*m_nodes)[index]; }
  const std::vector<GpuNode>* m_nodes = nullptr;
};

}  // namespace hetsched::frag
