#pragma once

#include "base/history/device_history.h"
#include "base/history/history_frames.h"
#include "base/model/frame.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

// Decoded frames in memory as HistoryFrames: the tests' reference reader.
class VectorHistoryFrames final : public HistoryFrames {
 public:
  explicit VectorHistoryFrames(std::vector<Frame> frames) : m_frames(std::move(frames)) {
    for (const Frame& f : m_frames) m_times.push_back(f.simTimeMs);
  }
  std::size_t deviceCount() const override { return m_frames.empty() ? 0 : m_frames.front().deviceCount(); }
  std::span<const std::int64_t> times() const override { return m_times; }
  std::optional<std::string> read(std::size_t index, std::span<const std::uint32_t> devices,
                                  std::span<DeviceSample> out) override {
    ++reads;
    const Frame& f = m_frames[index];
    for (std::size_t k = 0; k < devices.size(); ++k) {
      const std::size_t i = devices[k];
      out[k] = {f.utilization[i], f.memoryUsed[i], f.powerWatts[i], f.temperatureC[i], f.job[i]};
    }
    return std::nullopt;
  }
  std::size_t reads = 0;

 private:
  std::vector<Frame> m_frames;
  std::vector<std::int64_t> m_times;
};

}  // namespace hetsched
