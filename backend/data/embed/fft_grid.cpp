#include "fft_grid.h"

#include "float4.h"
#include "worker_pool.h"

#include <algorithm>
#include <cstddef>
#include <fftw3.h>
#include <mutex>
#include <vector>

namespace hetsched::embed {

namespace {

// FFTW's planner is not thread-safe (fftwf_execute is): grids may be made
// on several threads at once (two t-SNE runs side by side).
std::mutex& plannerMutex() {
  static std::mutex mutex;
  return mutex;
}

fftwf_complex* complexAt(float* base, std::size_t index) { return reinterpret_cast<fftwf_complex*>(base) + index; }

}  // namespace

// One worker's share: its rows for the row passes, its columns for the
// column passes. Plans for the first kernel serve the others through
// FFTW's new-array execute (same offsets, so the same alignment).
struct FftGrid::Plans {
  std::size_t firstRow = 0, lastRow = 0;
  std::size_t firstColumn = 0, lastColumn = 0;
  fftwf_plan rowForward = nullptr;
  fftwf_plan columnForward = nullptr;
  fftwf_plan columnInverse = nullptr;
  fftwf_plan rowInverse = nullptr;
};

FftGrid::FftGrid(std::size_t n, unsigned workers) : m_n(n), m_p(2 * n), m_half(n + 1) {
  const std::size_t complexCells = m_p * m_half;
  m_rows = fftwf_alloc_real(m_n * m_p);
  m_spectrum = fftwf_alloc_real(2 * complexCells);
  for (std::size_t k = 0; k < kKernels; ++k) {
    m_products[k] = fftwf_alloc_real(2 * complexCells);
    m_kernels[k] = fftwf_alloc_real(2 * complexCells);
  }
  const int p = static_cast<int>(m_p);
  const int half = static_cast<int>(m_half);
  const std::lock_guard lock(plannerMutex());
  m_plans.resize(workers);
  for (unsigned w = 0; w < workers; ++w) {
    Plans& plans = m_plans[w];
    plans.firstRow = m_n * w / workers;
    plans.lastRow = m_n * (w + 1) / workers;
    plans.firstColumn = m_half * w / workers;
    plans.lastColumn = m_half * (w + 1) / workers;
    const int rows = static_cast<int>(plans.lastRow - plans.firstRow);
    const int columns = static_cast<int>(plans.lastColumn - plans.firstColumn);
    if (rows > 0) {
      float* real = m_rows + plans.firstRow * m_p;
      fftwf_complex* spectrum = complexAt(m_spectrum, plans.firstRow * m_half);
      fftwf_complex* product = complexAt(m_products[0], plans.firstRow * m_half);
      plans.rowForward =
          fftwf_plan_many_dft_r2c(1, &p, rows, real, nullptr, 1, p, spectrum, nullptr, 1, half, FFTW_ESTIMATE);
      plans.rowInverse = fftwf_plan_many_dft_c2r(1, &p, rows, product, nullptr, 1, half, real, nullptr, 1, p,
                                                 FFTW_ESTIMATE | FFTW_DESTROY_INPUT);
    }
    if (columns > 0) {
      fftwf_complex* spectrum = complexAt(m_spectrum, plans.firstColumn);
      fftwf_complex* product = complexAt(m_products[0], plans.firstColumn);
      plans.columnForward = fftwf_plan_many_dft(1, &p, columns, spectrum, nullptr, half, 1, spectrum, nullptr, half, 1,
                                                FFTW_FORWARD, FFTW_ESTIMATE);
      plans.columnInverse = fftwf_plan_many_dft(1, &p, columns, product, nullptr, half, 1, product, nullptr, half, 1,
                                                FFTW_BACKWARD, FFTW_ESTIMATE);
    }
  }
}

FftGrid::~FftGrid() {
  const std::lock_guard lock(plannerMutex());
  for (Plans& plans : m_plans) {
    for (fftwf_plan plan : {plans.rowForward, plans.columnForward, plans.columnInverse, plans.rowInverse}) {
      if (plan) fftwf_destroy_plan(plan);
    }
  }
  fftwf_free(m_rows);
  fftwf_free(m_spectrum);
  for (std::size_t k = 0; k < kKernels; ++k) {
    fftwf_free(m_products[k]);
    fftwf_free(m_kernels[k]);
  }
}

void FftGrid::setKernelValues(const std::vector<F4>& values) {
  float* real = fftwf_alloc_real(m_p * m_p);
  const float scale = 1.0f / static_cast<float>(m_p * m_p);
  for (std::size_t k = 0; k < kKernels; ++k) {
    fftwf_plan plan;
    {
      const std::lock_guard lock(plannerMutex());
      plan = fftwf_plan_dft_r2c_2d(static_cast<int>(m_p), static_cast<int>(m_p), real, complexAt(m_kernels[k], 0),
                                   FFTW_ESTIMATE);
    }
    for (std::size_t i = 0; i < m_p * m_p; ++i) real[i] = values[i][k] * scale;
    fftwf_execute(plan);
    const std::lock_guard lock(plannerMutex());
    fftwf_destroy_plan(plan);
  }
  fftwf_free(real);
}

void FftGrid::convolve(const float* charges, std::size_t layers, F4* potentials, WorkerPool& pool) {
  const std::size_t cells = m_n * m_n;
  // Rows n..2n-1 of the padded charges are zero, so only the first n rows
  // are transformed; the column pass zeroes the rest of the spectrum.
  pool.run([&](unsigned worker) {
    const Plans& plans = m_plans[worker];
    for (std::size_t r = plans.firstRow; r < plans.lastRow; ++r) {
      float* row = m_rows + r * m_p;
      for (std::size_t c = 0; c < m_n; ++c) {
        float q = 0.0f;
        for (std::size_t l = 0; l < layers; ++l) q += charges[l * cells + r * m_n + c];
        row[c] = q;
      }
      std::fill(row + m_n, row + m_p, 0.0f);
    }
    if (plans.rowForward) fftwf_execute(plans.rowForward);
  });
  // Columns: forward, times each kernel's spectrum, inverse; all of it
  // within the worker's own columns.
  pool.run([&](unsigned worker) {
    const Plans& plans = m_plans[worker];
    if (!plans.columnForward) return;
    for (std::size_t r = m_n; r < m_p; ++r) {
      fftwf_complex* row = complexAt(m_spectrum, r * m_half);
      for (std::size_t c = plans.firstColumn; c < plans.lastColumn; ++c) row[c][0] = row[c][1] = 0.0f;
    }
    fftwf_execute(plans.columnForward);
    for (std::size_t k = 0; k < kKernels; ++k) {
      for (std::size_t r = 0; r < m_p; ++r) {
        const fftwf_complex* s = complexAt(m_spectrum, r * m_half);
        const fftwf_complex* kernel = complexAt(m_kernels[k], r * m_half);
        fftwf_complex* out = complexAt(m_products[k], r * m_half);
        for (std::size_t c = plans.firstColumn; c < plans.lastColumn; ++c) {
          out[c][0] = s[c][0] * kernel[c][0] - s[c][1] * kernel[c][1];
          out[c][1] = s[c][0] * kernel[c][1] + s[c][1] * kernel[c][0];
        }
      }
      fftwf_complex* product = complexAt(m_products[k], plans.firstColumn);
      fftwf_execute_dft(plans.columnInverse, product, product);
    }
  });
  // Rows back, only the first n of each result: the rest is padding.
  pool.run([&](unsigned worker) {
    const Plans& plans = m_plans[worker];
    if (!plans.rowInverse) return;
    float* real = m_rows + plans.firstRow * m_p;
    for (std::size_t k = 0; k < kKernels; ++k) {
      fftwf_execute_dft_c2r(plans.rowInverse, complexAt(m_products[k], plans.firstRow * m_half), real);
      for (std::size_t r = plans.firstRow; r < plans.lastRow; ++r) {
        const float* row = m_rows + r * m_p;
        F4* out = potentials + r * m_n;
        for (std::size_t c = 0; c < m_n; ++c) out[c][k] = row[c];
      }
    }
    for (std::size_t r = plans.firstRow; r < plans.lastRow; ++r) {
      F4* out = potentials + r * m_n;
      for (std::size_t c = 0; c < m_n; ++c) out[c][3] = 0.0f;
    }
  });
}

}  // namespace hetsched::embed
