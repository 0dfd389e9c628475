#include "device_history.h"

#include <cstdint>

namespace hetsched {

std::int64_t DeviceHistory::bucketStart(std::uint32_t bucket) const {
  if (points == 0) return fromMs;
  const std::int64_t span = toMs - fromMs + 1;
  return fromMs + span * static_cast<std::int64_t>(bucket) / static_cast<std::int64_t>(points);
}

double DeviceHistory::bucketMiddle(std::uint32_t bucket) const {
  if (points == 0) return static_cast<double>(fromMs);
  const double width = static_cast<double>(toMs - fromMs + 1) / points;
  return static_cast<double>(fromMs) + width * (bucket + 0.5);
}

}  // namespace hetsched
