#include "histogram.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hetsched {

Histogram::Histogram(std::vector<double> upperBounds) : m_bounds(std::move(upperBounds)), m_buckets(m_bounds.size()) {
  std::ranges::sort(m_bounds);
}

void Histogram::observe(double value) {
  const auto it = std::ranges::lower_bound(m_bounds, value);
  if (it != m_bounds.end())
    m_buckets[static_cast<std::size_t>(it - m_bounds.begin())].fetch_add(1, std::memory_order_relaxed);
  m_count.fetch_add(1, std::memory_order_relaxed);
  // The sum is kept in micro-units so that it can be an atomic integer.
  m_sumMicros.fetch_add(static_cast<std::uint64_t>(std::llround(std::max(value, 0.0) * 1e6)),
                        std::memory_order_relaxed);
}

std::vector<std::uint64_t> Histogram::cumulativeCounts() const {
  std::vector<std::uint64_t> out(m_buckets.size());
  std::uint64_t running = 0;
  for (std::size_t i = 0; i < m_buckets.size(); ++i) {
    running += m_buckets[i].load(std::memory_order_relaxed);
    out[i] = running;
  }
  return out;
}

double Histogram::sum() const { return static_cast<double>(m_sumMicros.load(std::memory_order_relaxed)) / 1e6; }

}  // namespace hetsched
