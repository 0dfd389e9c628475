#pragma once

#include "base/model/device_model.h"

#include <array>

namespace hetsched {

// The seed's §3.1 feature vector of a processor: peak FLOPS, memory
// bandwidth and instruction latency, in base units (FLOP/s, byte/s, s) so
// that vectors of different devices compare without unit juggling.
struct DeviceFeatures {
  double peakFlops = 0.0;
  double memoryBandwidthBps = 0.0;
  double instructionLatencyS = 0.0;

  std::array<double, 3> asArray() const { return {peakFlops, memoryBandwidthBps, instructionLatencyS}; }
};

DeviceFeatures extractComputationalFeatures(const DeviceModel& device);

}  // namespace hetsched
