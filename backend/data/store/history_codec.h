#pragma once

#include "base/model/frame.h"
#include "quantised_frame.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

// One history blob per frame: the quantised columns as differences from the
// previous frame (a keyframe differs from all-zero), split into byte planes
// so the mostly-zero high bytes compress to nothing, then deflated when zlib
// is available. Job ids are stored only where they changed.
//
// Layout: u8 format (1), u8 compression (0 none, 1 zlib), u32 raw size,
// payload. Raw payload: u32 devices, u32 nodes, util[n], temp[n], memLo[n],
// memHi[n], powerLo[n], powerHi[n], nodeUp[nodes] (xor), varint changes,
// then per change varint device gap and varint job id.
class HistoryCodec {
 public:
  HistoryCodec();
  HistoryCodec(HistoryCodec&&) noexcept;
  HistoryCodec& operator=(HistoryCodec&&) noexcept;
  ~HistoryCodec();

  // `previous` is null for a keyframe. `out` is replaced.
  void encode(const QuantisedFrame* previous, const QuantisedFrame& current, std::vector<std::uint8_t>* out);
  // Applies a blob to `state`, which must hold the previous frame (or be
  // reset() for a keyframe). Fails with a message naming the broken part.
  std::optional<std::string> decode(std::span<const std::uint8_t> blob, QuantisedFrame* state);

  static bool compressed();

 private:
  struct Zlib;
  // deflate/inflate state kept between frames: setting it up costs more
  // than compressing one frame's planes.
  std::unique_ptr<Zlib> m_zlib;
  std::vector<std::uint8_t> m_raw;
  std::vector<std::uint8_t> m_packed;
};

// The per-frame queue summary as a small fixed-size blob (little endian).
std::vector<std::uint8_t> encodeQueueSummary(const QueueSummary& queue);
std::optional<QueueSummary> decodeQueueSummary(std::span<const std::uint8_t> blob);

}  // namespace hetsched
