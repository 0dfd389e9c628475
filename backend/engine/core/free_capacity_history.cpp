#include "free_capacity_history.h"

#include "capacity_state.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace hetsched {

FreeCapacityHistory::FreeCapacityHistory(std::size_t nodes, std::uint32_t samples)
    : m_nodes(nodes),
      m_capacity(std::max<std::uint32_t>(samples, 2)),
      m_times(m_capacity),
      m_free(m_capacity * nodes) {}

void FreeCapacityHistory::record(double t, const CapacityState& state) {
  m_times[m_head] = t;
  double* row = m_free.data() + std::size_t{m_head} * m_nodes;
  for (std::uint32_t n = 0; n < m_nodes; ++n) row[n] = state.nodeFreeMilli(n);
  m_head = (m_head + 1) % m_capacity;
  m_count = std::min(m_count + 1, m_capacity);
}

double FreeCapacityHistory::slope(std::uint32_t node) const {
  if (m_count < 2) return 0.0;
  // Centred sums keep the fit exact for the small integer-valued series
  // the tests use and stable for large simulated times.
  double meanT = 0.0, meanF = 0.0;
  for (std::uint32_t s = 0; s < m_count; ++s) {
    meanT += m_times[s];
    meanF += m_free[std::size_t{s} * m_nodes + node];
  }
  meanT /= m_count;
  meanF /= m_count;
  double sxy = 0.0, sxx = 0.0;
  for (std::uint32_t s = 0; s < m_count; ++s) {
    const double dt = m_times[s] - meanT;
    sxy += dt * (m_free[std::size_t{s} * m_nodes + node] - meanF);
    sxx += dt * dt;
  }
  return sxx > 0.0 ? sxy / sxx : 0.0;
}

double FreeCapacityHistory::predict(std::uint32_t node, double freeNow, double totalMilli, double aheadS) const {
  return std::clamp(freeNow + slope(node) * aheadS, 0.0, totalMilli);
}

}  // namespace hetsched
