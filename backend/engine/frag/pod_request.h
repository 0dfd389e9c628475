#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hetsched::frag {

// What one task asks of a GPU-sharing cluster: CPU, memory and either a
// share of one GPU (gpuCount 1, gpuMilli < 1000) or whole GPUs (gpuMilli
// 1000 each), optionally restricted to some GPU models.
struct PodRequest {
  std::string name;
  std::uint32_t cpuMilli = 0;
  std::uint64_t memoryMib = 0;
  std::uint32_t gpuCount = 0;
  std::uint32_t gpuMilli = 0;  // per requested GPU
  std::vector<std::string> gpuModels;  // empty: any model

  bool usesGpu() const { return gpuCount > 0 && gpuMilli > 0; }
  bool isGpuShare() const { return gpuCount == 1 && gpuMilli > 0 && gpuMilli < 1000; }
  std::uint64_t totalGpuMilli() const { return std::uint64_t{gpuCount} * gpuMilli; }
};

}  // namespace hetsched::frag
