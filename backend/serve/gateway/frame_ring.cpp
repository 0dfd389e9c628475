#include "frame_ring.h"

#include "hetsched.pb.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

void FrameRing::setCapacity(std::size_t capacity, std::uint64_t maxBytes) {
  m_capacity = capacity < 1 ? 1 : capacity;
  m_maxBytes = maxBytes;
  trim();
}

void FrameRing::push(const v1::Frame& frame) {
  auto bytes = std::make_shared<std::string>();
  frame.SerializeToString(bytes.get());
  m_bytes += bytes->size();
  m_entries.push_back({frame.topology_version(), frame.sim_time_ms(), std::move(bytes)});
  trim();
}

void FrameRing::trim() {
  while (m_entries.size() > m_capacity || (m_entries.size() > 1 && m_bytes > m_maxBytes)) {
    m_bytes -= m_entries.front().bytes->size();
    m_entries.pop_front();
  }
}

std::vector<FrameRing::Entry> FrameRing::tail(std::uint64_t topologyVersion, std::int64_t historyMs) const {
  auto first = m_entries.end();
  const std::int64_t newest = m_entries.empty() ? 0 : m_entries.back().simTimeMs;
  while (first != m_entries.begin()) {
    const Entry& previous = *std::prev(first);
    // Frames of an older topology cannot be decoded against the current one.
    if (previous.topologyVersion != topologyVersion) break;
    if (historyMs > 0 && previous.simTimeMs < newest - historyMs) break;
    --first;
  }
  return {first, m_entries.end()};
}

}  // namespace hetsched
