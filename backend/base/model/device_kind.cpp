#include "device_kind.h"

#include <optional>
#include <string_view>

namespace hetsched {

std::string_view toString(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cpu: return "cpu";
    case DeviceKind::Gpu: return "gpu";
    case DeviceKind::Tpu: return "tpu";
  }
  return "cpu";
}

std::optional<DeviceKind> parseDeviceKind(std::string_view text) {
  for (const DeviceKind kind : kDeviceKinds) {
    if (toString(kind) == text) return kind;
  }
  return std::nullopt;
}

}  // namespace hetsched
