#pragma once

#include <cstdint>
#include <string>

namespace hetsched {

// One GPU as NVML reports it in one agent period.
struct GpuReading {
  std::string name;
  double utilization = 0.0;  // 0..1
  std::uint64_t memoryTotalBytes = 0;
  std::uint64_t memoryUsedBytes = 0;
  double powerWatts = 0.0;   // 0 when the board does not measure power
  double temperatureC = 0.0;
};

}  // namespace hetsched
