#pragma once

#include <cstddef>
#include <vector>

namespace hetsched::embed {

class WorkerPool;

// Four float lanes (GCC/Clang vector extension; plain SSE2 on x86-64, no
// target flags needed).
using F4 = float __attribute__((vector_size(16)));

// Linear (non-periodic) convolution of one real charge grid (n x n) with four
// real kernels at once, by zero padding to 2n x 2n and radix-2 FFTs. The
// outputs of kernels a and b travel as one complex number a + ib (likewise c
// and d), so one butterfly is one vector operation for all four.
class FftGrid {
 public:
  // n must be a power of two.
  explicit FftGrid(std::size_t n);

  std::size_t nodes() const { return m_n; }

  // kernel(dy, dx) = {a, b, c, d} at integer node offsets (row, column).
  template <class Kernel>
  void setKernels(Kernel&& kernel) {
    std::vector<F4> values(m_p * m_p);
    for (std::size_t r = 0; r < m_p; ++r) {
      for (std::size_t c = 0; c < m_p; ++c) values[r * m_p + c] = kernel(offset(r), offset(c));
    }
    setKernelValues(values);
  }

  // potentials[i] = sum_j kernels(i - j) * charges[j] over the n x n grid,
  // the charges being the sum of `layers` consecutive n x n grids (one per
  // worker that spread them; summed here to save a pass and a barrier).
  void convolve(const float* charges, std::size_t layers, F4* potentials, WorkerPool& pool);

 private:
  long offset(std::size_t index) const {
    return index < m_n ? static_cast<long>(index) : static_cast<long>(index) - static_cast<long>(m_p);
  }
  void setKernelValues(const std::vector<F4>& values);
  void transform(F4* line, bool inverse) const;

  std::size_t m_n;
  std::size_t m_p;
  std::vector<std::size_t> m_bitReverse;
  std::vector<float> m_cos;
  std::vector<float> m_sin;
  std::vector<F4> m_spectrum;  // (A + iB, C + iD), scaled by 1/p^2
  std::vector<F4> m_work;
  std::vector<F4> m_lines;  // one column buffer per worker
};

}  // namespace hetsched::embed
