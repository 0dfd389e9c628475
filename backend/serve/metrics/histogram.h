#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// A Prometheus-style cumulative histogram with fixed upper bounds, safe to
// observe from any thread without a lock.
class Histogram {
 public:
  explicit Histogram(std::vector<double> upperBounds);

  void observe(double value);
  std::span<const double> upperBounds() const { return m_bounds; }
  // Count of observations <= upperBounds()[i] (cumulative, as exposed).
  std::vector<std::uint64_t> cumulativeCounts() const;
  std::uint64_t count() const { return m_count.load(std::memory_order_relaxed); }
  double sum() const;

 private:
  std::vector<double> m_bounds;
  std::vector<std::atomic<std::uint64_t>> m_buckets;  // non-cumulative
  std::atomic<std::uint64_t> m_count{0};
  std::atomic<std::uint64_t> m_sumMicros{0};
};

}  // namespace hetsched
