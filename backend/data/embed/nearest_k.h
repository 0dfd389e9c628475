#pragma once

#include "float4.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace hetsched::embed {

// The k nearest of the candidates offered for one point, from squared
// distances in the expanded form |a|^2 + |b|^2 - 2 a.b (one matrix product
// gives the dot products of a block). Candidates closer than the k-th of
// those kept so far are buffered and the buffer cut back to the k nearest
// when full: cheaper than a heap, which pays log k for each of the many
// early improvements. Most candidates are rejected by one comparison, four
// at a time. The result depends only on the candidates, not their order
// (ties broken by index).
class NearestK {
 public:
  // A non-negative float's bits order as the float does: the distance in
  // the high half and the index in the low half sort as (distance, index)
  // with integer comparisons.
  using Candidate = std::uint64_t;
  static float distance(Candidate c) {
    const auto bits = static_cast<std::uint32_t>(c >> 32);
    float d;
    __builtin_memcpy(&d, &bits, sizeof d);
    return d;
  }
  static std::int32_t index(Candidate c) { return static_cast<std::int32_t>(c & 0xffffffffu); }

  explicit NearestK(std::size_t k) : m_k(k) { m_kept.reserve(kBufferFactor * k); }

  void clear() {
    m_kept.clear();
    m_worst = std::numeric_limits<float>::infinity();
  }

  // Candidate m is point ids[m] (or first + m without ids) with squared
  // norm norms[m] and dot product dots[m] with the point, whose own squared
  // norm is `selfNorm` and index `self` (never kept).
  void offer(float selfNorm, std::int32_t self, const float* norms, const float* dots, const std::int32_t* ids,
             std::int32_t first, std::size_t count) {
    if (m_k == 0) return;
    for (std::size_t m = 0; m < count; ++m) {
      // Four candidates per test while none of them is close enough.
      const float bound = m_worst - selfNorm;
      for (; m + 4 <= count; m += 4) {
        F4 nm, dm;
        __builtin_memcpy(&nm, norms + m, sizeof nm);
        __builtin_memcpy(&dm, dots + m, sizeof dm);
        const auto closer = (nm - 2.0f * dm) <= bound;
        if ((closer[0] | closer[1] | closer[2] | closer[3]) != 0) break;
      }
      if (m >= count) break;
      const float d = std::max(0.0f, selfNorm + norms[m] - 2.0f * dots[m]);
      const std::int32_t id = ids ? ids[m] : first + static_cast<std::int32_t>(m);
      if (d > m_worst || id == self) continue;
      std::uint32_t bits;
      __builtin_memcpy(&bits, &d, sizeof bits);
      m_kept.push_back(std::uint64_t{bits} << 32 | static_cast<std::uint32_t>(id));
      if (m_kept.size() == kBufferFactor * m_k) shrink();
    }
  }

  // Nearest first; fewer than k when fewer were offered. Ends this point.
  std::span<const Candidate> sorted() {
    if (m_kept.size() > m_k) shrink();
    std::sort(m_kept.begin(), m_kept.end());
    return m_kept;
  }

 private:
  static constexpr std::size_t kBufferFactor = 4;

  void shrink() {
    std::nth_element(m_kept.begin(), m_kept.begin() + static_cast<std::ptrdiff_t>(m_k - 1), m_kept.end());
    m_kept.resize(m_k);
    m_worst = distance(m_kept.back());
  }

  std::size_t m_k;
  std::vector<Candidate> m_kept;
  float m_worst = std::numeric_limits<float>::infinity();
};

}  // namespace hetsched::embed
