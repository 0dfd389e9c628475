#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace hetsched {

// The three processor families the seed distinguishes (CPU: control-heavy,
// GPU: data-parallel floating point, TPU: matrix-parallel tensor work).
enum class DeviceKind : std::uint8_t { Cpu, Gpu, Tpu };

inline constexpr std::array kDeviceKinds{DeviceKind::Cpu, DeviceKind::Gpu, DeviceKind::Tpu};
inline constexpr std::size_t kDeviceKindCount = kDeviceKinds.size();

constexpr std::size_t index(DeviceKind kind) { return static_cast<std::size_t>(kind); }

std::string_view toString(DeviceKind kind);
std::optional<DeviceKind> parseDeviceKind(std::string_view text);

}  // namespace hetsched
