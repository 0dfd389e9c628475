#pragma once

#include "base/history/device_history.h"
#include "base/history/history_frames.h"
#include "frame_ring.h"
#include "hetsched.pb.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

// The gateway's ring as HistoryFrames: a cut of its entries (taken under
// the state's lock; they share the ring's bytes) read outside the lock,
// parsing only the frames in range and reading only the asked devices.
class RingHistoryFrames final : public HistoryFrames {
 public:
  RingHistoryFrames(std::vector<FrameRing::Entry> entries, std::size_t devices);

  std::size_t deviceCount() const override { return m_devices; }
  std::span<const std::int64_t> times() const override { return m_times; }
  std::optional<std::string> read(std::size_t index, std::span<const std::uint32_t> devices,
                                  std::span<DeviceSample> out) override;

 private:
  std::vector<FrameRing::Entry> m_entries;
  std::vector<std::int64_t> m_times;
  std::size_t m_devices;
  v1::Frame m_frame;  // reused: its buffers keep their capacity between frames
};

}  // namespace hetsched
