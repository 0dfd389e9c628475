#pragma once

#include "device_history.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace hetsched {

// Where a device history is read from: the gateway's ring of recent frames
// or a snapshot file's stored history. readDeviceHistory() is written once
// against this, so live and replay give the same series.
class HistoryFrames {
 public:
  virtual ~HistoryFrames() = default;
  virtual std::size_t deviceCount() const = 0;
  // Cluster time of every frame, oldest first, never decreasing.
  virtual std::span<const std::int64_t> times() const = 0;
  // The samples of `devices` (each below deviceCount()) in frame `index`,
  // in the order asked. Frames are read in increasing index order.
  virtual std::optional<std::string> read(std::size_t index, std::span<const std::uint32_t> devices,
                                          std::span<DeviceSample> out) = 0;
};

}  // namespace hetsched
