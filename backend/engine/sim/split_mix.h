#pragma once

#include <cmath>
#include <cstdint>

namespace hetsched {

// splitmix64 (Steele, Lea, Flood): tiny, fast, and the same stream on every
// platform, unlike std:: distributions, whose output the standard leaves to
// the library. What-if runs must reproduce across machines.
class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : m_state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // In (0, 1): never 0, so log() is safe.
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(uniform() * n); }
  double exponential(double mean) { return -mean * std::log(uniform()); }

 private:
  std::uint64_t m_state;
};

}  // namespace hetsched
