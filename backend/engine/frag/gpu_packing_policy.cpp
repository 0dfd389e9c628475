#include "gpu_packing_policy.h"

#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::frag {

NodeScore GpuPackingPolicy::score(std::size_t index, const PodRequest& pod) {
  const GpuNode& n = node(index);
  if (!pod.usesGpu()) return {0.0, -1};
  const int shareGpu = pod.isGpuShare() ? n.bestFitGpu(pod.gpuMilli) : -1;
  const std::int64_t fullyFree = n.fullyFreeGpus();
  if (fullyFree == n.gpuCount())
    return {static_cast<double>(std::max<std::int64_t>(33 - fullyFree, fullyFree)), shareGpu};

  // Take the GPUs with the least free share that still hold the request;
  // which of equally free GPUs does not change the score.
  m_eligible.clear();
  for (const std::uint32_t free : n.gpuFree())
    if (free >= pod.gpuMilli) m_eligible.push_back(free);
  const std::size_t used = std::min<std::size_t>(pod.gpuCount, m_eligible.size());
  std::ranges::partial_sort(m_eligible, m_eligible.begin() + static_cast<std::ptrdiff_t>(used));
  std::int64_t fullyFreeUsed = 0;
  std::int64_t freePercentOnUsed = 0;
  for (std::size_t i = 0; i < used; ++i) {
    if (m_eligible[i] == GpuNode::kMilli) ++fullyFreeUsed;
    freePercentOnUsed += static_cast<std::int64_t>(m_eligible[i]) * 100 / GpuNode::kMilli;
  }
  if (fullyFreeUsed > 0) return {static_cast<double>(std::max<std::int64_t>(50 - fullyFreeUsed, 33)), shareGpu};
  return {static_cast<double>(std::max<std::int64_t>(100 - freePercentOnUsed / 10, 50)), shareGpu};
}

}  // namespace hetsched::frag
