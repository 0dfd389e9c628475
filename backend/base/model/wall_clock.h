#pragma once

#include <chrono>
#include <cstdint>

namespace hetsched {

// Milliseconds since the Unix epoch by the system clock: the time frames,
// reports, audit entries and snapshots are stamped with.
inline std::int64_t wallNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace hetsched
