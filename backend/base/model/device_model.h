#pragma once

#include "device_kind.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace hetsched {

// Performance and power characteristics of one kind of processor.
struct DeviceModel {
  std::string name;
  DeviceKind kind = DeviceKind::Cpu;
  double peakTflops = 0.0;
  double tdpWatts = 0.0;
  double idleWatts = 0.0;
  std::uint64_t memoryMib = 0;
  double memoryBandwidthGbps = 0.0;
  double instructionLatencyNs = 0.0;
  std::uint32_t cores = 0;  // CPU sockets only

  bool operator==(const DeviceModel&) const = default;
};

// The seed's device table (Xeon CPU, A100 GPU, TPU v4) with memory figures
// from the vendors' data sheets.
std::span<const DeviceModel> builtinDeviceModels();
std::optional<DeviceModel> findBuiltinModel(std::string_view name);

}  // namespace hetsched
