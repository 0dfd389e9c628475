#pragma once

#include "base/model/job.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

// Jobs are stored as compressed chunks, not a row each: a snapshot of a big
// cluster holds 100,000 of them, and as rows they cost most of the save, of
// the open-time quick_check and of loading. They are only ever read whole.
//
// Layout: u8 format (2; 1 has no owner and team), u8 compression (0 none, 1 zlib), u32 raw size,
// payload: varint count, then per job varints (signed ones zigzagged; the id
// as a difference from the previous one), name, owner and team as length +
// bytes, runtimes
// as 8-byte doubles, devices as count + varints.
class JobCodec {
 public:
  static constexpr std::size_t kChunkJobs = 8192;

  static std::vector<std::uint8_t> encode(std::span<const Job> jobs);
  // Appends the chunk's jobs to `out`; fails with a message naming the
  // broken part.
  static std::optional<std::string> decode(std::span<const std::uint8_t> blob, std::vector<Job>* out);
};

}  // namespace hetsched
