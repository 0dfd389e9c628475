#include "best_fit_policy.h"

#include "gpu_node.h"
#include "max_spec.h"
#include "placement_policy.h"
#include "pod_request.h"

#include <cstddef>
#include <cstdint>

namespace hetsched::frag {

NodeScore BestFitPolicy::score(std::size_t index, const PodRequest& pod) {
  const GpuNode& n = node(index);
  const double cpuLeft = static_cast<double>(n.cpuFree()) - static_cast<double>(pod.cpuMilli);
  const double gpuLeft = static_cast<double>(n.gpuFreeTotal()) - static_cast<double>(pod.totalGpuMilli());
  double leftover = 0.0;
  leftover += cpuLeft / kMaxSpecCpuMilli * 0.5;
  leftover += gpuLeft / kMaxSpecGpuMilli * 0.5;
  // Integer percent as in the authors' simulator (its later min-max
  // normalisation keeps the set of best nodes, so it is left out).
  return {static_cast<double>(static_cast<std::int64_t>((1.0 - leftover) * 100.0)),
          pod.isGpuShare() ? n.bestFitGpu(pod.gpuMilli) : -1};
}

}  // namespace hetsched::frag
