#pragma once

#include "base/model/job.h"

#include <array>
#include <cstdint>

namespace hetsched {

// One task of Alibaba's GPU trace, reduced to what shapes a workload.
struct TraceShape {
  std::uint32_t cpuMilli;
  std::uint32_t memoryMib;
  std::uint32_t numGpu;
  std::uint32_t gpuMilli;
  Qos qos;
  std::uint32_t runtimeS;
};

extern const std::array<TraceShape, 600> kTraceShapes;

}  // namespace hetsched
