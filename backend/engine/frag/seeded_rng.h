#pragma once

#include <cstdint>
#include <random>

namespace hetsched::frag {

// A seeded generator whose draws are the same on every platform: the
// standard library fixes mt19937_64's output but not its distributions,
// so uniform draws are done here by rejection.
class SeededRng {
 public:
  explicit SeededRng(std::uint64_t seed) : m_engine(seed) {}
  // Uniform in [0, n); n must be > 0.
  std::uint64_t below(std::uint64_t n);

 private:
  std::mt19937_64 m_engine;
};

}  // namespace hetsched::frag
