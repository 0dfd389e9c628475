#include "seeded_rng.h"

#include <cstdint>
#include <limits>

namespace hetsched::frag {

std::uint64_t SeededRng::below(std::uint64_t n) {
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = max - max % n;  // draws at or above it would favour small values
  std::uint64_t x = m_engine();
  while (x >= limit) x = m_engine();
  return x % n;
}

}  // namespace hetsched::frag
