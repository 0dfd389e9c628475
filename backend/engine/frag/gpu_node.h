#pragma once

#include "pod_request.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace hetsched::frag {

// The free capacity of one machine in a GPU-sharing cluster: CPU and memory,
// and the free share (in 1/1000) of each of its identical GPUs. The version
// changes with every allocation so that caches of scores can tell stale
// entries from fresh ones without being told.
class GpuNode {
 public:
  static constexpr std::uint32_t kMilli = 1000;

  GpuNode(std::string name, std::string model, std::uint32_t cpuMilli, std::uint64_t memoryMib, std::uint32_t gpuCount);

  const std::string& name() const { return m_name; }
  const std::string& model() const { return m_model; }
  std::uint32_t cpuCapacity() const { return m_cpuCapacity; }
  std::uint32_t cpuFree() const { return m_cpuFree; }
  std::uint64_t memoryFree() const { return m_memoryFree; }
  std::uint32_t gpuCount() const { return static_cast<std::uint32_t>(m_gpuFree.size()); }
  std::span<const std::uint32_t> gpuFree() const { return m_gpuFree; }
  std::uint32_t gpuFreeTotal() const { return m_gpuFreeTotal; }
  std::uint32_t fullyFreeGpus() const;
  std::uint64_t version() const { return m_version; }

  bool acceptsModelOf(const PodRequest& pod) const;
  // CPU, memory, GPU model and GPU capacity all allow the pod.
  bool fits(const PodRequest& pod) const;
  // The GPU with the least free share that still holds `milli`; -1 if none.
  int bestFitGpu(std::uint32_t milli) const;
  // The GPUs the pod gets: `shareGpu` for a GPU-share pod, else the first
  // GPUs (by index) with enough free share. Empty for CPU-only pods.
  std::vector<std::uint32_t> gpusFor(const PodRequest& pod, int shareGpu) const;
  void allocate(const PodRequest& pod, std::span<const std::uint32_t> gpus);
  // Undoes allocate() of the same pod and GPUs, so that a long-running
  // simulation can follow completions; a node whose pods have all been
  // released is in its initial state again (affinity included).
  void release(const PodRequest& pod, std::span<const std::uint32_t> gpus);

  // GPU Clustering's "affinity": how many GPU pods of each kind run here;
  // kind 0 is GPU sharing, kind k is k whole GPUs.
  static std::uint32_t affinityKind(const PodRequest& pod) { return pod.isGpuShare() ? 0 : pod.gpuCount; }
  std::uint32_t affinityCount(std::uint32_t kind) const;
  std::size_t affinityKinds() const { return m_affinity.size(); }

 private:
  std::string m_name;
  std::string m_model;
  std::uint32_t m_cpuCapacity;
  std::uint32_t m_cpuFree;
  std::uint64_t m_memoryFree;
  std::vector<std::uint32_t> m_gpuFree;
  std::uint32_t m_gpuFreeTotal;
  std::uint64_t m_version = 1;
  std::map<std::uint32_t, std::uint32_t> m_affinity;
};

}  // namespace hetsched::frag
