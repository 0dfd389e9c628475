#include "dot_product_policy.h"

#include "gpu_node.h"
#include "max_spec.h"
#include "placement_policy.h"
#include "pod_request.h"

#include <cstddef>
#include <cstdint>

namespace hetsched::frag {

NodeScore DotProductPolicy::score(std::size_t index, const PodRequest& pod) {
  const GpuNode& n = node(index);
  // Same float operations in the same order as the authors' simulator, whose
  // integer truncation decides ties.
  const double nodeCpu = static_cast<double>(n.cpuFree()) / kMaxSpecCpuMilli;
  const double nodeGpu = static_cast<double>(n.gpuFreeTotal()) / kMaxSpecGpuMilli;
  const double podCpu = static_cast<double>(pod.cpuMilli) / kMaxSpecCpuMilli;
  const double podGpu = static_cast<double>(pod.totalGpuMilli()) / kMaxSpecGpuMilli;
  double dot = 0.0;
  dot += nodeCpu * podCpu;
  dot += nodeGpu * podGpu;
  const double score = 1.0 - dot / 2.0;  // averaged over the two dimensions: in [0, 1]
  return {static_cast<double>(static_cast<std::int64_t>(100.0 * score)),
          pod.isGpuShare() ? n.bestFitGpu(pod.gpuMilli) : -1};
}

}  // namespace hetsched::frag
