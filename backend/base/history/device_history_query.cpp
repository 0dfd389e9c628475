#include "device_history_query.h"

#include "device_history.h"
#include "history_frames.h"
#include "series_builder.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

HistoryError bad(std::string field, std::string problem) {
  return {HistoryError::Kind::BadRequest, std::move(field), std::move(problem)};
}

}  // namespace

std::optional<HistoryError> validateHistoryRequest(const HistoryRequest& request, std::size_t deviceCount) {
  const std::size_t asked = request.devices.size();
  if (asked == 0) return bad("devices", "name at least one device");
  if (asked > HistoryLimits::kMaxDevices)
    return bad("devices", "at most " + std::to_string(HistoryLimits::kMaxDevices) + " devices a request (asked " +
                              std::to_string(asked) + ")");
  std::unordered_set<std::uint32_t> seen;
  for (std::size_t i = 0; i < asked; ++i) {
    const std::uint32_t device = request.devices[i];
    const std::string field = "devices[" + std::to_string(i) + "]";
    if (device >= deviceCount)
      return bad(field, "no device " + std::to_string(device) + ": the cluster has " + std::to_string(deviceCount));
    if (!seen.insert(device).second) return bad(field, "device " + std::to_string(device) + " asked twice");
  }
  if (request.points > HistoryLimits::kMaxPoints)
    return bad("points", "at most " + std::to_string(HistoryLimits::kMaxPoints) + " points (asked " +
                             std::to_string(request.points) + ")");
  const std::uint64_t points = request.points == 0 ? HistoryLimits::kDefaultPoints : request.points;
  if (asked * points > HistoryLimits::kMaxCells)
    return bad("points", std::to_string(asked) + " devices x " + std::to_string(points) + " points is more than " +
                             std::to_string(HistoryLimits::kMaxCells) +
                             " device-points a request; ask fewer points or devices");
  if (request.fromMs < 0) return bad("from_ms", "negative");
  if (request.toMs < 0) return bad("to_ms", "negative");
  if (request.toMs != 0 && request.fromMs > request.toMs) return bad("to_ms", "before from_ms");
  return std::nullopt;
}

std::variant<DeviceHistory, HistoryError> readDeviceHistory(HistoryFrames& frames, const HistoryRequest& request) {
  if (auto problem = validateHistoryRequest(request, frames.deviceCount())) return *problem;
  const std::uint32_t points = request.points == 0 ? HistoryLimits::kDefaultPoints : request.points;
  const std::span<const std::int64_t> times = frames.times();
  std::int64_t from = request.fromMs;
  std::int64_t to = request.toMs;
  if (!times.empty()) {
    if (from == 0) from = times.front();
    if (to == 0) to = times.back();
  }
  SeriesBuilder builder(request.devices, from, to, points);
  const auto first = std::lower_bound(times.begin(), times.end(), from);
  std::vector<DeviceSample> samples(request.devices.size());
  for (auto it = first; it != times.end() && *it <= to; ++it) {
    const auto index = static_cast<std::size_t>(it - times.begin());
    if (auto error = frames.read(index, request.devices, samples))
      return HistoryError{HistoryError::Kind::Unreadable, "history", "frame " + std::to_string(index) + ": " + *error};
    builder.add(*it, samples);
  }
  return builder.finish();
}

}  // namespace hetsched
