#pragma once

#include "device_history.h"
#include "history_frames.h"

#include <cstddef>
#include <optional>
#include <variant>

namespace hetsched {

// The request's first problem against a cluster of `deviceCount` devices
// and HistoryLimits, or nothing.
std::optional<HistoryError> validateHistoryRequest(const HistoryRequest& request, std::size_t deviceCount);

// THE device history use case: the asked devices' series over the asked
// range, decimated into request.points buckets of min and max, with the
// jobs each device ran. Only the frames in range are read.
std::variant<DeviceHistory, HistoryError> readDeviceHistory(HistoryFrames& frames, const HistoryRequest& request);

}  // namespace hetsched
