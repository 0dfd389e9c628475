#include "gpu_node.h"

#include "pod_request.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched::frag {

GpuNode::GpuNode(std::string name, std::string model, std::uint32_t cpuMilli, std::uint64_t memoryMib,
                 std::uint32_t gpuCount)
    : m_name(std::move(name)),
      m_model(std::move(model)),
      m_cpuCapacity(cpuMilli),
      m_cpuFree(cpuMilli),
      m_memoryFree(memoryMib),
      m_gpuFree(gpuCount, kMilli),
      m_gpuFreeTotal(gpuCount * kMilli) {}

std::uint32_t GpuNode::fullyFreeGpus() const {
  return static_cast<std::uint32_t>(std::ranges::count(m_gpuFree, kMilli));
}

bool GpuNode::acceptsModelOf(const PodRequest& pod) const {
  if (pod.gpuModels.empty()) return true;
  if (m_model.empty()) return false;
  return std::ranges::find(pod.gpuModels, m_model) != pod.gpuModels.end();
}

bool GpuNode::fits(const PodRequest& pod) const {
  if (pod.cpuMilli > m_cpuFree || pod.memoryMib > m_memoryFree) return false;
  if (!pod.usesGpu()) return true;
  if (!acceptsModelOf(pod)) return false;
  std::uint32_t enough = 0;
  for (const std::uint32_t free : m_gpuFree) {
    if (free >= pod.gpuMilli && ++enough >= pod.gpuCount) return true;
  }
  return false;
}

int GpuNode::bestFitGpu(std::uint32_t milli) const {
  int best = -1;
  for (std::size_t i = 0; i < m_gpuFree.size(); ++i) {
    if (m_gpuFree[i] >= milli && (best < 0 || m_gpuFree[i] < m_gpuFree[static_cast<std::size_t>(best)])) {
      best = static_cast<int>(i);
    }
  }
  return best;
}

std::vector<std::uint32_t> GpuNode::gpusFor(const PodRequest& pod, int shareGpu) const {
  std::vector<std::uint32_t> gpus;
  if (!pod.usesGpu()) return gpus;
  if (pod.isGpuShare()) {
    if (shareGpu >= 0) gpus.push_back(static_cast<std::uint32_t>(shareGpu));
    return gpus;
  }
  for (std::uint32_t i = 0; i < m_gpuFree.size() && gpus.size() < pod.gpuCount; ++i) {
    if (m_gpuFree[i] >= pod.gpuMilli) gpus.push_back(i);
  }
  return gpus;
}

void GpuNode::allocate(const PodRequest& pod, std::span<const std::uint32_t> gpus) {
  m_cpuFree -= pod.cpuMilli;
  m_memoryFree -= pod.memoryMib;
  for (const std::uint32_t g : gpus) {
    m_gpuFree[g] -= pod.gpuMilli;
    m_gpuFreeTotal -= pod.gpuMilli;
  }
  if (pod.usesGpu()) ++m_affinity[affinityKind(pod)];
  ++m_version;
}

void GpuNode::release(const PodRequest& pod, std::span<const std::uint32_t> gpus) {
  m_cpuFree += pod.cpuMilli;
  m_memoryFree += pod.memoryMib;
  for (const std::uint32_t g : gpus) {
    m_gpuFree[g] += pod.gpuMilli;
    m_gpuFreeTotal += pod.gpuMilli;
  }
  if (pod.usesGpu()) {
    // GPU Clustering tells "no GPU pods" from "some" by the kinds present,
    // so a kind whose last pod left must go.
    const auto it = m_affinity.find(affinityKind(pod));
    if (it != m_affinity.end() && --it->second == 0) m_affinity.erase(it);
  }
  ++m_version;
}

std::uint32_t GpuNode::affinityCount(std::uint32_t kind) const {
  const auto it = m_affinity.find(kind);
  return it == m_affinity.end() ? 0 : it->second;
}

}  // namespace hetsched::frag
