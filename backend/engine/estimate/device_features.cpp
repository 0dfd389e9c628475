#include "device_features.h"

#include "base/model/device_model.h"

namespace hetsched {

DeviceFeatures extractComputationalFeatures(const DeviceModel& device) {
  return {device.peakTflops * 1e12, device.memoryBandwidthGbps * 1e9, device.instructionLatencyNs * 1e-9};
}

}  // namespace hetsched
