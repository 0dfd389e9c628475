#include "fft_grid.h"

#include "embed/worker_pool.h"

#include <cmath>
#include <numbers>

namespace hetsched::embed {

FftGrid::FftGrid(std::size_t n) : m_n(n), m_p(2 * n) {
  std::size_t bits = 0;
  while ((std::size_t{1} << bits) < m_p) ++bits;
  m_bitReverse.resize(m_p);
  for (std::size_t i = 0; i < m_p; ++i) {
    std::size_t r = 0;
    for (std::size_t b = 0; b < bits; ++b) r |= ((i >> b) & 1u) << (bits - 1 - b);
    m_bitReverse[i] = r;
  }
  m_cos.resize(m_p / 2);
  m_sin.resize(m_p / 2);
  for (std::size_t j = 0; j < m_p / 2; ++j) {
    const double angle = 2.0 * std::numbers::pi * static_cast<double>(j) / static_cast<double>(m_p);
    m_cos[j] = static_cast<float>(std::cos(angle));
    m_sin[j] = static_cast<float>(std::sin(angle));
  }
  m_work.resize(m_p * m_p);
}

namespace {

// (re, im) pairs times the complex number wr + i wi.
inline F4 rotate(F4 v, float wr, float wi) {
  const F4 swapped = __builtin_shufflevector(v, v, 1, 0, 3, 2);
  const F4 signs = {-wi, wi, -wi, wi};
  return v * wr + swapped * signs;
}

// Lane pairs (re, im) of v times those of m.
inline F4 multiply(F4 v, F4 m) {
  const F4 re = __builtin_shufflevector(m, m, 0, 0, 2, 2);
  const F4 im = __builtin_shufflevector(m, m, 1, 1, 3, 3);
  const F4 swapped = __builtin_shufflevector(v, v, 1, 0, 3, 2);
  const F4 signs = {-1.0f, 1.0f, -1.0f, 1.0f};
  return v * re + swapped * im * signs;
}

}  // namespace

void FftGrid::transform(F4* a, bool inverse) const {
  for (std::size_t i = 0; i < m_p; ++i) {
    const std::size_t r = m_bitReverse[i];
    if (i < r) std::swap(a[i], a[r]);
  }
  const float sign = inverse ? 1.0f : -1.0f;
  for (std::size_t len = 2; len <= m_p; len <<= 1) {
    const std::size_t half = len / 2;
    const std::size_t step = m_p / len;
    for (std::size_t j = 0; j < half; ++j) {
      const float wr = m_cos[j * step];
      const float wi = sign * m_sin[j * step];
      for (std::size_t i = j; i < m_p; i += len) {
        const F4 u = a[i];
        const F4 t = rotate(a[i + half], wr, wi);
        a[i] = u + t;
        a[i + half] = u - t;
      }
    }
  }
}

void FftGrid::setKernelValues(const std::vector<F4>& values) {
  std::vector<F4> grid = values;
  for (std::size_t r = 0; r < m_p; ++r) transform(&grid[r * m_p], false);
  std::vector<F4> line(m_p);
  for (std::size_t c = 0; c < m_p; ++c) {
    for (std::size_t r = 0; r < m_p; ++r) line[r] = grid[r * m_p + c];
    transform(line.data(), false);
    for (std::size_t r = 0; r < m_p; ++r) grid[r * m_p + c] = line[r];
  }
  const float scale = 1.0f / static_cast<float>(m_p * m_p);
  m_spectrum.resize(m_p * m_p);
  for (std::size_t i = 0; i < grid.size(); ++i) m_spectrum[i] = grid[i] * scale;
}

void FftGrid::convolve(const float* charges, std::size_t layers, F4* potentials, WorkerPool& pool) {
  const std::size_t cells = m_n * m_n;
  const F4 zero = {0, 0, 0, 0};
  m_lines.resize(m_p * pool.size());
  // Rows n..2n-1 of the padded grid are zero and stay zero after the row
  // transforms, so only the first n rows are transformed.
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(m_n, worker);
    for (std::size_t r = first; r < last; ++r) {
      F4* row = &m_work[r * m_p];
      for (std::size_t c = 0; c < m_n; ++c) {
        float q = 0.0f;
        for (std::size_t l = 0; l < layers; ++l) q += charges[l * cells + r * m_n + c];
        row[c] = F4{q, 0.0f, q, 0.0f};
      }
      for (std::size_t c = m_n; c < m_p; ++c) row[c] = zero;
      transform(row, false);
    }
  });
  // Columns: forward, multiply by the kernel spectrum, inverse, all in a
  // contiguous per-worker buffer; only the first n rows are needed after.
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(m_p, worker);
    F4* line = &m_lines[worker * m_p];
    for (std::size_t c = first; c < last; ++c) {
      for (std::size_t r = 0; r < m_n; ++r) line[r] = m_work[r * m_p + c];
      for (std::size_t r = m_n; r < m_p; ++r) line[r] = zero;
      transform(line, false);
      for (std::size_t r = 0; r < m_p; ++r) line[r] = multiply(line[r], m_spectrum[r * m_p + c]);
      transform(line, true);
      for (std::size_t r = 0; r < m_n; ++r) m_work[r * m_p + c] = line[r];
    }
  });
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(m_n, worker);
    for (std::size_t r = first; r < last; ++r) {
      F4* row = &m_work[r * m_p];
      transform(row, true);
      for (std::size_t c = 0; c < m_n; ++c) potentials[r * m_n + c] = row[c];
    }
  });
}

}  // namespace hetsched::embed
