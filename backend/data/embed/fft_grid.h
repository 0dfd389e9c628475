#pragma once

#include "float4.h"

#include <array>
#include <cstddef>
#include <vector>

namespace hetsched::embed {

class WorkerPool;

// Linear (non-periodic) convolution of one real charge grid (n x n) with
// three real kernels, by zero padding to 2n x 2n and FFTW's real transforms:
// rows, then columns, each pass split among the workers. FFTW beat our own
// radix-2 transform by 2.5-3x in CPU time (docs/tsne.md). Plans are made
// with FFTW_ESTIMATE, which never times anything, so the same grid size
// gives the same arithmetic and the same bits on a machine.
class FftGrid {
 public:
  // n: nodes per side (even); `workers`: the pool the grid will run on.
  FftGrid(std::size_t n, unsigned workers);
  ~FftGrid();
  FftGrid(const FftGrid&) = delete;
  FftGrid& operator=(const FftGrid&) = delete;

  std::size_t nodes() const { return m_n; }

  // kernel(dy, dx) = {a, b, c, unused} at integer node offsets (row, column).
  template <class Kernel>
  void setKernels(Kernel&& kernel) {
    std::vector<F4> values(m_p * m_p);
    for (std::size_t r = 0; r < m_p; ++r) {
      for (std::size_t c = 0; c < m_p; ++c) values[r * m_p + c] = kernel(offset(r), offset(c));
    }
    setKernelValues(values);
  }

  // potentials[i] = {sum_j a(i - j) q_j, the same for b and c, 0} over the
  // n x n grid, the charges q being the sum of `layers` consecutive n x n
  // grids (one per worker that spread them; summed here to save a pass).
  void convolve(const float* charges, std::size_t layers, F4* potentials, WorkerPool& pool);

 private:
  struct Plans;
  static constexpr std::size_t kKernels = 3;

  long offset(std::size_t index) const {
    return index < m_n ? static_cast<long>(index) : static_cast<long>(index) - static_cast<long>(m_p);
  }
  void setKernelValues(const std::vector<F4>& values);

  std::size_t m_n;
  std::size_t m_p;      // padded side, 2n
  std::size_t m_half;   // complex columns of a real row transform, n + 1
  float* m_rows;        // n x p real rows, the charges then each result
  float* m_spectrum;    // p x (n + 1) complex, the charges' transform
  std::array<float*, kKernels> m_products;  // spectrum times each kernel's
  std::array<float*, kKernels> m_kernels;   // kernel spectra, scaled by 1/p^2
  std::vector<Plans> m_plans;  // one set per worker
};

}  // namespace hetsched::embed
