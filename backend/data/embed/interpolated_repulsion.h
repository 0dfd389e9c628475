#pragma once

#include "fft_grid.h"
#include "float4.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace hetsched::embed {

class WorkerPool;

// The t-SNE repulsion by polynomial interpolation on an equispaced grid and
// FFT convolution (the idea of FIt-SNE, Linderman et al. 2019): charges are
// spread to grid nodes with cubic Lagrange weights, convolved with the
// kernels, and the potentials interpolated back, O(N + G log G) per step.
class InterpolatedRepulsion {
 public:
  // `maxSpacing`: the largest node spacing, in map units, before the grid
  // doubles. The kernels vary on a scale of one unit.
  explicit InterpolatedRepulsion(double maxSpacing = 1.0) : m_maxSpacing(maxSpacing) {}

  // y: interleaved (x, y) of n points. Writes sum_j w_ij^2 (y_i - y_j) into
  // `forces` (interleaved) and returns Z = sum_{i != j} w_ij, where
  // w_ij = 1 / (1 + |y_i - y_j|^2).
  // `alongside(worker)`, if given, runs on every worker in the first parallel
  // phase: independent work (the attraction) shares its barrier.
  double compute(std::span<const double> y, std::span<double> forces, WorkerPool& pool,
                 const std::function<void(unsigned)>& alongside = {});

  std::size_t gridNodes() const { return m_grid ? m_grid->nodes() : 0; }

  struct Stencil {
    std::uint32_t base;
    float w[4];
  };

 private:
  void prepareGrid(std::size_t nodes, int spacingStep, unsigned workers);
  float selfZ(const Stencil& sx, const Stencil& sy) const;

  double m_maxSpacing;
  std::unique_ptr<FftGrid> m_grid;
  unsigned m_gridWorkers = 0;
  int m_spacingStep = 0;
  std::vector<float> m_charges;  // one n x n grid per worker
  std::vector<F4> m_potentials;
  std::vector<double> m_partialZ;
  std::vector<Stencil> m_stencils;
  F4 m_near[49] = {};  // kernels at node offsets -3..3 (row, column)
  double m_selfZ = 1.0;  // x and y weights per point, spread to gather
};

}  // namespace hetsched::embed
