#include "gpu_packing_policy.h"

#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace hetsched::frag {

NodeScore GpuPackingPolicy::score(std::size_t index, const PodRequest& pod) {
  const GpuNode& n = node(index);
  if (!pod.usesGpu()) return {0.0, -1};
  const int shareGpu = pod.isGpuShare() ? n.bestFitGpu(pod.gpuMilli) : -1;
  const std::int64_t fullyFree = n.fullyFreeGpus();
  if (fullyFree == n.gpuCount())
    return {static_cast<double>(std::max<std::int64_t>(33 - fullyFree, fullyFree)), shareGpu};

  // Take the GPUs with the least free share that still hold the request.
  const auto free = n.gpuFree();
  std::vector<std::uint32_t> order(free.size());
  std::iota(order.begin(), order.end(), 0U);
  std::ranges::stable_sort(order, [&](std::uint32_t a, std::uint32_t b) { return free[a] < free[b]; });
  std::uint32_t wanted = pod.gpuCount;
  std::int64_t fullyFreeUsed = 0;
  std::int64_t freePercentOnUsed = 0;
  for (const std::uint32_t g : order) {
    if (wanted == 0) break;
    if (free[g] < pod.gpuMilli) continue;
    --wanted;
    if (free[g] == GpuNode::kMilli) ++fullyFreeUsed;
    freePercentOnUsed += static_cast<std::int64_t>(free[g]) * 100 / GpuNode::kMilli;
  }
  if (fullyFreeUsed > 0) return {static_cast<double>(std::max<std::int64_t>(50 - fullyFreeUsed, 33)), shareGpu};
  return {static_cast<double>(std::max<std::int64_t>(100 - freePercentOnUsed / 10, 50)), shareGpu};
}

}  // namespace hetsched::frag
