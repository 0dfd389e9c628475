#pragma once

#include "hetsched.pb.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace hetsched {

// The gateway's recent history: the last `capacity` published frames, kept
// as serialized packed protos (about 3 bytes a device, against 24 for a
// decoded Frame), so an hour of a 10,000-device cluster stays near 40 MB. Not
// thread-safe: GatewayState's mutex guards it, so a snapshot's cut of
// topology, jobs and frames is consistent.
class FrameRing {
 public:
  struct Entry {
    std::uint64_t topologyVersion = 0;
    std::int64_t simTimeMs = 0;
    std::shared_ptr<const std::string> bytes;  // a serialized v1::Frame
  };

  explicit FrameRing(std::size_t capacity = kDefaultCapacity) : m_capacity(capacity < 1 ? 1 : capacity) {}

  // At most `capacity` frames and `maxBytes` of them; the newest frame stays
  // whatever its size.
  void setCapacity(std::size_t capacity, std::uint64_t maxBytes = UINT64_MAX);
  std::size_t capacity() const { return m_capacity; }
  std::size_t size() const { return m_entries.size(); }
  std::uint64_t bytes() const { return m_bytes; }

  void push(const v1::Frame& frame);
  // The newest frames of `topologyVersion`, oldest first: the run since the
  // topology last changed, and of it only frames no older than
  // historyMs before the newest (historyMs <= 0: the whole run). Entries
  // share their bytes, so a cut costs no copies of frame data.
  std::vector<Entry> tail(std::uint64_t topologyVersion, std::int64_t historyMs) const;

  // An hour at the agents' 3 s period.
  static constexpr std::size_t kDefaultCapacity = 1200;

 private:
  void trim();

  std::size_t m_capacity;
  std::uint64_t m_maxBytes = UINT64_MAX;
  std::deque<Entry> m_entries;
  std::uint64_t m_bytes = 0;
};

}  // namespace hetsched
