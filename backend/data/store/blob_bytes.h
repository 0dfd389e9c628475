#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

// What the store's blob codecs (history frames, jobs) are both made of: a
// six-byte header (format, 1 when zlib-compressed else 0, the raw size as a
// little-endian u32) before the raw or deflated bytes, and little-endian
// integers and LEB128 varints inside.
namespace hetsched {

inline constexpr std::size_t kBlobHeader = 6;

inline void putU32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

inline std::uint32_t getU32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

inline void putVarint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(v));
}

// False when the bytes end (or ten pass) before the varint does.
inline bool getVarint(const std::uint8_t*& p, const std::uint8_t* end, std::uint64_t* v) {
  *v = 0;
  for (int shift = 0; shift < 64 && p < end; shift += 7) {
    const std::uint8_t b = *p++;
    *v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return true;
  }
  return false;
}

// The header, `compressed` set later by whoever knows (out[1]).
inline void startBlob(std::vector<std::uint8_t>& out, std::uint8_t format, std::size_t rawSize) {
  out.assign(kBlobHeader, 0);
  out[0] = format;
  putU32(out.data() + 2, static_cast<std::uint32_t>(rawSize));
}

}  // namespace hetsched
