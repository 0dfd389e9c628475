#pragma once
// Helpers shared by the fuzz targets: libFuzzer's entry point signature and
// a splitter of one input into several length-prefixed parts.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace hetsched::fuzz {

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Parts of the input, each a 2-byte little-endian length and that many bytes
// (the last one cut short where the input ends): several messages, lines or
// blobs in a row, as a stream delivers them.
inline std::vector<std::span<const std::uint8_t>> parts(const std::uint8_t* data, std::size_t size,
                                                        std::size_t maxParts = 64) {
  std::vector<std::span<const std::uint8_t>> out;
  std::size_t at = 0;
  while (at + 2 <= size && out.size() < maxParts) {
    const std::size_t length = data[at] | static_cast<std::size_t>(data[at + 1]) << 8;
    at += 2;
    const std::size_t take = length < size - at ? length : size - at;
    out.emplace_back(data + at, take);
    at += take;
  }
  return out;
}

}  // namespace hetsched::fuzz
