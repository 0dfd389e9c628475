#pragma once

#include "base/model/job.h"
#include "device_history.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// Folds frames, oldest first, into a DeviceHistory: each frame's samples go
// to the bucket its time falls in, keeping min and max per metric, and job
// changes close and open JobSpans.
class SeriesBuilder {
 public:
  SeriesBuilder(std::span<const std::uint32_t> devices, std::int64_t fromMs, std::int64_t toMs, std::uint32_t points);

  // One sample per device, in the order given at construction.
  void add(std::int64_t timeMs, std::span<const DeviceSample> samples);
  DeviceHistory finish();

 private:
  struct OpenSpan {
    JobId job = 0;
    std::int64_t startMs = 0;
    std::int64_t lastMs = 0;
  };
  void close(std::size_t device);

  DeviceHistory m_history;
  std::vector<OpenSpan> m_open;
};

}  // namespace hetsched
