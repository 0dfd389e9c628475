#include "tsne_optimiser.h"

#include "affinities.h"
#include "exact_repulsion.h"
#include "tsne_options.h"
#include "worker_pool.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace hetsched::embed {

namespace {

constexpr double kMaxStep = 5.0;

}  // namespace

TsneOptimiser::TsneOptimiser(const Affinities& p, const TsneOptions& options, std::vector<double> y, WorkerPool& pool)
    : m_p(p),
      m_options(options),
      m_pool(pool),
      m_y(std::move(y)),
      m_velocity(m_y.size(), 0.0),
      m_gains(m_y.size(), 1.0),
      m_repulsion(m_y.size(), 0.0),
      m_yFloat(m_y.begin(), m_y.end()),
      m_attraction(m_y.size(), 0.0f),
      m_cross(pool.size(), 0.0),
      m_attractionRows(p, pool.size()),
      m_repulsionField(options.maxGridSpacing) {}

double TsneOptimiser::forces(bool estimateKl, double* z) {
  const std::size_t n = m_p.points;
  const std::function<void(unsigned)> attraction = [this, estimateKl](unsigned worker) {
    m_cross[worker] = m_attractionRows.compute(worker, m_yFloat.data(), m_attraction.data(), estimateKl);
  };
  *z = n <= static_cast<std::size_t>(m_options.exactRepulsionBelow)
           ? exactRepulsion(m_y, m_repulsion, m_pool, attraction)
           : m_repulsionField.compute(m_y, m_repulsion, m_pool, attraction);
  if (!estimateKl) return 0.0;
  // KL = sum p log p + sum p log(1 + d^2) + log Z, with sum p = 1.
  double kl = m_p.plogp + std::log(*z);
  for (const double part : m_cross) kl += part;
  return kl;
}

double TsneOptimiser::estimateKl() {
  double z = 0.0;
  return forces(true, &z);
}

double TsneOptimiser::step(double exaggeration, double momentum, double rate, bool estimateKl) {
  const std::size_t n = m_p.points;
  double z = 0.0;
  const double kl = forces(estimateKl, &z);
  const double inverseZ = 1.0 / z;
  m_pool.run([&](unsigned worker) {
    const auto [first, last] = m_pool.share(n, worker);
    for (std::size_t i = std::max(first, m_options.heldPoints); i < last; ++i) {
      for (std::size_t c = 2 * i; c < 2 * i + 2; ++c) {
        const auto attraction = static_cast<double>(m_attraction[c]);
        const double gradient = 4.0 * (exaggeration * attraction - m_repulsion[c] * inverseZ);
        // Gains grow where the gradient keeps pushing against the motion.
        m_gains[c] = (gradient > 0.0) != (m_velocity[c] > 0.0) ? m_gains[c] + 0.2 : std::max(0.01, m_gains[c] * 0.8);
        m_velocity[c] = momentum * m_velocity[c] - rate * m_gains[c] * gradient;
      }
      // Steps are clipped as in FIt-SNE and openTSNE: with exaggeration and a
      // large learning rate a few points otherwise jump far out, and the
      // empty span would make the interpolation grid needlessly large.
      const double norm2 = m_velocity[2 * i] * m_velocity[2 * i] + m_velocity[2 * i + 1] * m_velocity[2 * i + 1];
      if (norm2 > kMaxStep * kMaxStep) {
        const double norm = std::sqrt(norm2);
        m_velocity[2 * i] *= kMaxStep / norm;
        m_velocity[2 * i + 1] *= kMaxStep / norm;
      }
      m_y[2 * i] += m_velocity[2 * i];
      m_y[2 * i + 1] += m_velocity[2 * i + 1];
    }
  });
  // Held points fix the map's place; moving them to recentre would undo it.
  if (m_options.heldPoints == 0) recentre();
  else refreshFloatPositions();
  return kl;
}

void TsneOptimiser::refreshFloatPositions() {
  for (std::size_t c = 2 * m_options.heldPoints; c < m_y.size(); ++c) m_yFloat[c] = static_cast<float>(m_y[c]);
}

// The objective ignores translation; keeping the mean at zero stops drift.
void TsneOptimiser::recentre() {
  const std::size_t n = m_p.points;
  double mx = 0.0, my = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    mx += m_y[2 * i];
    my += m_y[2 * i + 1];
  }
  mx /= static_cast<double>(n);
  my /= static_cast<double>(n);
  for (std::size_t i = 0; i < 2 * n; i += 2) {
    m_y[i] -= mx;
    m_y[i + 1] -= my;
    m_yFloat[i] = static_cast<float>(m_y[i]);
    m_yFloat[i + 1] = static_cast<float>(m_y[i + 1]);
  }
}

}  // namespace hetsched::embed
