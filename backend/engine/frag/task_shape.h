#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hetsched::frag {

// One typical task of the target workload: its CPU, GPU share per GPU, GPU
// count and allowed models, and how popular it is (weights sum to 1).
struct TaskShape {
  std::uint32_t cpuMilli = 0;
  std::uint32_t gpuMilli = 0;
  std::uint32_t gpuCount = 0;
  std::string gpuSpec;  // the allowed models joined by '|'; empty: any
  std::vector<std::string> gpuModels;
  std::size_t count = 0;
  double weight = 0.0;
};

}  // namespace hetsched::frag
