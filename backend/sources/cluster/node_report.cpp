#include "node_report.h"

#include "engine/sched/job_validation.h"

#include <cmath>
#include <cstddef>
#include <optional>
#include <string>

namespace hetsched {

namespace {

bool nameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

bool inRange(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

std::optional<FieldError> validateDevice(const DeviceReport& d, const std::string& path, const ReportLimits& limits) {
  if (d.model.size() > limits.maxModelLength)
    return FieldError{path + ".model", "longer than " + std::to_string(limits.maxModelLength) + " characters"};
  for (const char c : d.model) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      return FieldError{path + ".model", "contains control characters"};
  }
  if (!inRange(d.utilization, 0.0, 1.0)) return FieldError{path + ".utilization", "must be within 0..1"};
  if (d.memoryUsedBytes > d.memoryTotalBytes && d.memoryTotalBytes != 0)
    return FieldError{path + ".memory_used_bytes", "exceeds memory_total_bytes"};
  if (!inRange(d.powerWatts, 0.0, limits.maxPowerWatts))
    return FieldError{path + ".power_watts",
                      "must be within 0.." + std::to_string(static_cast<int>(limits.maxPowerWatts))};
  if (!inRange(d.temperatureC, -60.0, 250.0)) return FieldError{path + ".temperature_c", "must be within -60..250"};
  if (d.cores > 65536) return FieldError{path + ".cores", "more than 65536"};
  return std::nullopt;
}

}  // namespace

std::optional<FieldError> validateNodeReport(const NodeReport& r, const ReportLimits& limits) {
  if (r.nodeId.empty()) return FieldError{"node_id", "is required"};
  if (r.nodeId.size() > limits.maxNodeIdLength)
    return FieldError{"node_id", "longer than " + std::to_string(limits.maxNodeIdLength) + " characters"};
  for (const char c : r.nodeId) {
    if (!nameChar(c)) return FieldError{"node_id", "only letters, digits, '.', '-' and '_' are allowed"};
  }
  if (!inRange(r.cpuUsage, 0.0, 1.0)) return FieldError{"cpu_usage", "must be within 0..1"};
  if (r.memoryTotalBytes != 0 && r.memoryFreeBytes > r.memoryTotalBytes)
    return FieldError{"memory_free_bytes", "exceeds memory_total_bytes"};
  if (r.devices.size() > limits.maxDevices)
    return FieldError{"devices", "more than " + std::to_string(limits.maxDevices) + " devices"};
  for (std::size_t i = 0; i < r.devices.size(); ++i) {
    if (auto e = validateDevice(r.devices[i], "devices[" + std::to_string(i) + "]", limits)) return e;
  }
  if (r.periodMs > 3'600'000) return FieldError{"period_ms", "longer than an hour"};
  return std::nullopt;
}

}  // namespace hetsched
