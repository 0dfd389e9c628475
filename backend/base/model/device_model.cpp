#include "device_model.h"

#include "device_kind.h"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace hetsched {

namespace {

// TFLOPS and watts are the seed's table. Memory and bandwidth: Xeon Platinum
// 8380 (8 channels DDR4-3200, host memory per socket as configured in the
// simulated cluster), NVIDIA A100 40 GB (HBM2, 1,555 GB/s), Google TPU v4
// (32 GiB HBM2, 1,200 GB/s). Idle power and latency are rough public figures;
// they only shape the simulated power curve and the feature vectors.
const std::array<DeviceModel, 3> kBuiltin{{
    {"Xeon", DeviceKind::Cpu, 0.5, 150.0, 45.0, 262144, 204.8, 1.0, 32},
    {"A100", DeviceKind::Gpu, 312.0, 400.0, 50.0, 40960, 1555.0, 5.0, 0},
    {"TPUv4", DeviceKind::Tpu, 275.0, 275.0, 90.0, 32768, 1200.0, 3.0, 0},
}};

}  // namespace

std::span<const DeviceModel> builtinDeviceModels() { return kBuiltin; }

std::optional<DeviceModel> findBuiltinModel(std::string_view name) {
  const auto it = std::ranges::find(kBuiltin, name, &DeviceModel::name);
  if (it == kBuiltin.end()) return std::nullopt;
  return *it;
}

}  // namespace hetsched
