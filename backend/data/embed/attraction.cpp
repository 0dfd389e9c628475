#include "attraction.h"

#include "affinities.h"
#include "float4.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <vector>

namespace hetsched::embed {

namespace {

using F2 = float __attribute__((vector_size(8)));
using I4 = std::int32_t __attribute__((vector_size(16)));

// ln x for x >= 1 in four lanes: x = 2^e m with m in [sqrt(1/2), sqrt(2)),
// ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172, by its series to s^7
// (next term below 3e-8). libm's log per pair would cost more than the
// whole attraction.
inline F4 logAtLeastOne(F4 x) {
  I4 bits;
  __builtin_memcpy(&bits, &x, sizeof bits);
  I4 exponent = ((bits >> 23) & 0xff) - 127;
  const I4 mantissaBits = (bits & 0x7fffff) | 0x3f800000;
  F4 m;
  __builtin_memcpy(&m, &mantissaBits, sizeof m);
  const I4 high = m > 1.41421356f;  // lanes of all ones where true
  F4 halved = m * 0.5f;
  I4 mBits, hBits;
  __builtin_memcpy(&mBits, &m, sizeof mBits);
  __builtin_memcpy(&hBits, &halved, sizeof hBits);
  mBits = (hBits & high) | (mBits & ~high);
  __builtin_memcpy(&m, &mBits, sizeof m);
  exponent -= high;  // -(-1) where the mantissa was halved
  const F4 s = (m - 1.0f) / (m + 1.0f);
  const F4 s2 = s * s;
  const F4 series = 2.0f * s * (1.0f + s2 * (1.0f / 3.0f + s2 * (1.0f / 5.0f + s2 * (1.0f / 7.0f))));
  const F4 e = __builtin_convertvector(exponent, F4);
  return e * static_cast<float>(std::numbers::ln2) + series;
}

template <bool Cross>
double attractRows(std::size_t first, std::size_t last, const std::size_t* start, const std::int32_t* columns,
                   const float* values, const float* y, float* forces) {
  const F4 one = {1.0f, 1.0f, 1.0f, 1.0f};
  double cross = 0.0;
  for (std::size_t i = first; i < last; ++i) {
    const float xi = y[2 * i];
    const float yi = y[2 * i + 1];
    std::size_t e = start[i];
    const std::size_t end = start[i + 1];
    // Positions are interleaved, so one 8-byte load fetches a neighbour's
    // (x, y); lanes hold (x, y) of two neighbours until the distances are
    // gathered for one division of four.
    const F4 self = {xi, yi, xi, yi};
    F4 acc01 = {0, 0, 0, 0};
    F4 acc23 = {0, 0, 0, 0};
    F4 logs = {0, 0, 0, 0};
    for (; e + 4 <= end; e += 4) {
      const std::int32_t* j = columns + e;
      F2 a, b, c, d;
      __builtin_memcpy(&a, y + std::ptrdiff_t{2} * j[0], sizeof a);
      __builtin_memcpy(&b, y + std::ptrdiff_t{2} * j[1], sizeof b);
      __builtin_memcpy(&c, y + std::ptrdiff_t{2} * j[2], sizeof c);
      __builtin_memcpy(&d, y + std::ptrdiff_t{2} * j[3], sizeof d);
      const F4 d01 = self - __builtin_shufflevector(a, b, 0, 1, 2, 3);
      const F4 d23 = self - __builtin_shufflevector(c, d, 0, 1, 2, 3);
      const F4 s01 = d01 * d01;
      const F4 s23 = d23 * d23;
      const F4 dist2 = __builtin_shufflevector(s01, s23, 0, 2, 4, 6) + __builtin_shufflevector(s01, s23, 1, 3, 5, 7);
      const F4 q = one + dist2;
      F4 p;
      __builtin_memcpy(&p, values + e, sizeof p);
      const F4 w = p / q;
      acc01 += __builtin_shufflevector(w, w, 0, 0, 1, 1) * d01;
      acc23 += __builtin_shufflevector(w, w, 2, 2, 3, 3) * d23;
      if constexpr (Cross) logs += p * logAtLeastOne(q);
    }
    const F4 acc = acc01 + acc23;
    float sx = acc[0] + acc[2];
    float sy = acc[1] + acc[3];
    double rowCross = static_cast<double>(logs[0] + logs[1] + logs[2] + logs[3]);
    for (; e < end; ++e) {
      const auto j = static_cast<std::size_t>(columns[e]);
      const float dx = xi - y[2 * j];
      const float dy = yi - y[2 * j + 1];
      const float q = 1.0f + dx * dx + dy * dy;
      const float w = values[e] / q;
      sx += w * dx;
      sy += w * dy;
      if constexpr (Cross) rowCross += static_cast<double>(values[e]) * std::log(static_cast<double>(q));
    }
    forces[2 * i] = sx;
    forces[2 * i + 1] = sy;
    cross += rowCross;
  }
  return cross;
}

}  // namespace

Attraction::Attraction(const Affinities& p, unsigned workers) {
  const std::size_t n = p.points;
  m_start.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    m_start[i + 1] += p.rowStart[i + 1] - p.rowStart[i];
    for (std::size_t e = p.rowStart[i]; e < p.rowStart[i + 1]; ++e)
      ++m_start[static_cast<std::size_t>(p.columns[e]) + 1];
  }
  for (std::size_t i = 0; i < n; ++i) m_start[i + 1] += m_start[i];
  m_columns.resize(m_start[n]);
  m_values.resize(m_start[n]);
  std::vector<std::size_t> fill(m_start.begin(), m_start.end() - 1);
  // Ascending i fills the lower-triangle entries of each row in column order
  // before its own upper-triangle ones.
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t e = p.rowStart[i]; e < p.rowStart[i + 1]; ++e) {
      const auto j = static_cast<std::size_t>(p.columns[e]);
      m_columns[fill[j]] = static_cast<std::int32_t>(i);
      m_values[fill[j]++] = p.values[e];
    }
    for (std::size_t e = p.rowStart[i]; e < p.rowStart[i + 1]; ++e) {
      m_columns[fill[i]] = p.columns[e];
      m_values[fill[i]++] = p.values[e];
    }
  }
  m_split.assign(workers + 1, n);
  m_split[0] = 0;
  std::size_t row = 0;
  for (unsigned w = 1; w < workers; ++w) {
    const std::size_t target = m_columns.size() * w / workers;
    while (row < n && m_start[row] < target) ++row;
    m_split[w] = row;
  }
}

double Attraction::compute(unsigned worker, const float* y, float* forces, bool crossTerm) const {
  const std::size_t first = m_split[worker];
  const std::size_t last = m_split[worker + 1];
  if (crossTerm) return attractRows<true>(first, last, m_start.data(), m_columns.data(), m_values.data(), y, forces);
  return attractRows<false>(first, last, m_start.data(), m_columns.data(), m_values.data(), y, forces);
}

}  // namespace hetsched::embed
