#include "gpu_clustering_policy.h"

#include "gpu_node.h"
#include "max_spec.h"
#include "placement_policy.h"
#include "pod_request.h"

#include <cstddef>
#include <cstdint>

namespace hetsched::frag {

NodeScore GpuClusteringPolicy::score(std::size_t index, const PodRequest& pod) {
  const GpuNode& n = node(index);
  if (!pod.usesGpu()) return {0.0, -1};
  // 0..25 within a band: the fuller the node's GPUs, the higher.
  const std::int64_t used =
      (25 * (kMaxSpecGpuMilliInt - static_cast<std::int64_t>(n.gpuFreeTotal()))) / kMaxSpecGpuMilliInt;
  std::int64_t band = 0;
  if (n.affinityCount(GpuNode::affinityKind(pod)) > 0) band = n.affinityKinds() == 1 ? 75 : 50;
  else if (n.affinityKinds() == 0) band = 25;
  return {static_cast<double>(used + band), pod.isGpuShare() ? n.bestFitGpu(pod.gpuMilli) : -1};
}

}  // namespace hetsched::frag
