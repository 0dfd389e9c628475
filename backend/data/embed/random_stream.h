#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>

namespace hetsched::embed {

// Seeded random numbers with the same sequence on every standard library
// (std::normal_distribution is implementation-defined): splitmix64 plus
// Box-Muller.
class RandomStream {
 public:
  explicit RandomStream(std::uint64_t seed) : m_state(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Uniform integer in [0, bound).
  std::uint64_t below(std::uint64_t bound) { return next() % bound; }
  double normal() {
    if (m_hasSpare) {
      m_hasSpare = false;
      return m_spare;
    }
    const double u = 1.0 - uniform();
    const double v = uniform();
    const double r = std::sqrt(-2.0 * std::log(u));
    m_spare = r * std::sin(2.0 * std::numbers::pi * v);
    m_hasSpare = true;
    return r * std::cos(2.0 * std::numbers::pi * v);
  }

 private:
  std::uint64_t m_state;
  double m_spare = 0.0;
  bool m_hasSpare = false;
};

}  // namespace hetsched::embed
