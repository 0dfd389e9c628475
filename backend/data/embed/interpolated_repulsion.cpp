#include "interpolated_repulsion.h"

#include "float4.h"
#include "worker_pool.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

namespace hetsched::embed {

namespace {

// Node spacings come from a ladder 2^(k/32) so that the kernel spectrum is
// reused across iterations while the map grows slowly.
constexpr double kLadder = 16.0;

// Cubic Lagrange weights on the nodes base..base+3 around grid coordinate u.
InterpolatedRepulsion::Stencil stencil(float u, std::size_t nodes) {
  const float lowest = std::clamp(std::floor(u) - 1.0f, 0.0f, static_cast<float>(nodes - 4));
  const float t = u - lowest - 1.0f;
  InterpolatedRepulsion::Stencil s;
  s.base = static_cast<std::uint32_t>(lowest);
  s.w[0] = -t * (t - 1.0f) * (t - 2.0f) * (1.0f / 6.0f);
  s.w[1] = (t + 1.0f) * (t - 1.0f) * (t - 2.0f) * 0.5f;
  s.w[2] = -(t + 1.0f) * t * (t - 2.0f) * 0.5f;
  s.w[3] = (t + 1.0f) * t * (t - 1.0f) * (1.0f / 6.0f);
  return s;
}

}  // namespace

void InterpolatedRepulsion::prepareGrid(std::size_t nodes, int spacingStep, unsigned workers) {
  if (m_grid && m_grid->nodes() == nodes && m_gridWorkers == workers && m_spacingStep == spacingStep) return;
  if (!m_grid || m_grid->nodes() != nodes || m_gridWorkers != workers) {
    m_grid = std::make_unique<FftGrid>(nodes, workers);
    m_gridWorkers = workers;
  }
  m_spacingStep = spacingStep;
  const double h = std::exp2(spacingStep / kLadder);
  // Lanes: the force kernel d w(d)^2 in x and y, and w(d) for Z. Convolving
  // the vector kernel directly (rather than w^2 against charges 1 and y, as
  // FIt-SNE does) avoids cancellation between large terms in float.
  const auto kernels = [h](long dy, long dx) {
    const double w = 1.0 / (1.0 + h * h * static_cast<double>(dx * dx + dy * dy));
    return F4{static_cast<float>(h * static_cast<double>(dx) * w * w),
              static_cast<float>(h * static_cast<double>(dy) * w * w), static_cast<float>(w), 0.0f};
  };
  m_grid->setKernels(kernels);
  for (long u = -3; u <= 3; ++u) {
    for (long v = -3; v <= 3; ++v) m_near[static_cast<std::size_t>((u + 3) * 7 + v + 3)] = kernels(u, v);
  }
  // Each point's own w_ii = 1 comes back from the grid smeared to a value
  // that depends on where it sits between nodes. Its mean over those
  // positions is subtracted from Z: in sparse maps the raw error is several
  // per cent of Z, and the per-point remainder averages out over the sum.
  constexpr int kSamples = 16;
  double sum = 0.0;
  for (int a = 0; a < kSamples; ++a) {
    for (int b = 0; b < kSamples; ++b) {
      sum += selfZ(stencil(4.0f + (a + 0.5f) / kSamples, 16), stencil(4.0f + (b + 0.5f) / kSamples, 16));
    }
  }
  m_selfZ = sum / (kSamples * kSamples);
}

// What spreading a unit charge and interpolating it back at the same point
// gives for the Z kernel: sum over stencil node pairs of w_a w_b w(a - b).
float InterpolatedRepulsion::selfZ(const Stencil& sx, const Stencil& sy) const {
  float ox[7] = {}, oy[7] = {};
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      ox[a - b + 3] += sx.w[a] * sx.w[b];
      oy[a - b + 3] += sy.w[a] * sy.w[b];
    }
  }
  float self = 0.0f;
  for (int u = 0; u < 7; ++u) {
    float row = 0.0f;
    for (int v = 0; v < 7; ++v) row += m_near[static_cast<std::size_t>(u * 7 + v)][2] * ox[v];
    self += row * oy[u];
  }
  return self;
}

double InterpolatedRepulsion::compute(std::span<const double> y, std::span<double> forces, WorkerPool& pool,
                                      const std::function<void(unsigned)>& alongside) {
  const std::size_t n = y.size() / 2;
  double minX = y[0], maxX = y[0], minY = y[1], maxY = y[1];
  for (std::size_t i = 1; i < n; ++i) {
    minX = std::min(minX, y[2 * i]);
    maxX = std::max(maxX, y[2 * i]);
    minY = std::min(minY, y[2 * i + 1]);
    maxY = std::max(maxY, y[2 * i + 1]);
  }
  const double range = std::max({maxX - minX, maxY - minY, 1e-6});
  std::size_t nodes = 16;
  while (nodes < 1024 && range / static_cast<double>(nodes - 3) > m_maxSpacing) nodes *= 2;
  const int step = static_cast<int>(std::ceil(kLadder * std::log2(range / static_cast<double>(nodes - 3))));
  prepareGrid(nodes, step, pool.size());
  const double h = std::exp2(step / kLadder);
  const double cx = 0.5 * (minX + maxX);
  const double cy = 0.5 * (minY + maxY);
  const double origin = 0.5 * static_cast<double>(nodes - 1);  // grid coordinate of the centre

  const std::size_t cells = nodes * nodes;
  const unsigned workers = pool.size();
  m_charges.resize(cells * workers);
  m_potentials.resize(cells);
  m_partialZ.assign(workers, 0.0);
  m_stencils.resize(2 * n);

  pool.run([&](unsigned worker) {
    if (alongside) alongside(worker);
    float* grid = &m_charges[cells * worker];
    std::fill(grid, grid + cells, 0.0f);
    const auto [first, last] = pool.share(n, worker);
    for (std::size_t i = first; i < last; ++i) {
      const double px = y[2 * i] - cx;
      const double py = y[2 * i + 1] - cy;
      const Stencil sx = stencil(static_cast<float>(origin + px / h), nodes);
      const Stencil sy = stencil(static_cast<float>(origin + py / h), nodes);
      m_stencils[2 * i] = sx;
      m_stencils[2 * i + 1] = sy;
      for (int a = 0; a < 4; ++a) {
        float* row = grid + (sy.base + a) * nodes + sx.base;
        for (int b = 0; b < 4; ++b) row[b] += sy.w[a] * sx.w[b];
      }
    }
  });
  m_grid->convolve(m_charges.data(), workers, m_potentials.data(), pool);
  pool.run([&](unsigned worker) {
    const auto [first, last] = pool.share(n, worker);
    double z = 0.0;
    for (std::size_t i = first; i < last; ++i) {
      const Stencil& sx = m_stencils[2 * i];
      const Stencil& sy = m_stencils[2 * i + 1];
      F4 phi = {0, 0, 0, 0};
      for (int a = 0; a < 4; ++a) {
        const F4* row = m_potentials.data() + (sy.base + a) * nodes + sx.base;
        F4 acc = row[0] * sx.w[0] + row[1] * sx.w[1] + row[2] * sx.w[2] + row[3] * sx.w[3];
        phi += acc * sy.w[a];
      }
      forces[2 * i] = phi[0];
      forces[2 * i + 1] = phi[1];
      z += phi[2];
    }
    m_partialZ[worker] = z;
  });
  double z = -static_cast<double>(n) * m_selfZ;
  for (double part : m_partialZ) z += part;
  return z;
}

}  // namespace hetsched::embed
