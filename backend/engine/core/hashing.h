#pragma once

#include <cstdint>
#include <string_view>

namespace hetsched {

// FNV-1a followed by the splitmix64 finaliser: stable across platforms and
// runs (std::hash is neither), and well mixed in the high bits that the
// ring position uses.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

constexpr std::uint64_t stableHash(std::string_view text, std::uint64_t salt = 0) {
  std::uint64_t h = 0xcbf29ce484222325ULL ^ salt;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return mix64(h);
}

}  // namespace hetsched
