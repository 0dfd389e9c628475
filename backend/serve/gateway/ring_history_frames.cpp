#include "ring_history_frames.h"

#include "base/history/device_history.h"
#include "frame_ring.h"
#include "serve/rpc/frame_codec.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

RingHistoryFrames::RingHistoryFrames(std::vector<FrameRing::Entry> entries, std::size_t devices)
    : m_entries(std::move(entries)), m_devices(devices) {
  m_times.reserve(m_entries.size());
  for (const FrameRing::Entry& e : m_entries) m_times.push_back(e.simTimeMs);
}

std::optional<std::string> RingHistoryFrames::read(std::size_t index, std::span<const std::uint32_t> devices,
                                                   std::span<DeviceSample> out) {
  if (index >= m_entries.size()) return std::string("past the ring");
  if (!m_frame.ParseFromString(*m_entries[index].bytes)) return std::string("not a frame");
  return readDeviceSamples(m_frame, m_devices, devices, out);
}

}  // namespace hetsched
