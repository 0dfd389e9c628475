#include "bootstrap.h"

#include "engine/sim/split_mix.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

double quantileSorted(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto i = static_cast<std::size_t>(std::floor(pos));
  const std::size_t j = std::min(sorted.size() - 1, i + 1);
  return sorted[i] + (pos - static_cast<double>(i)) * (sorted[j] - sorted[i]);
}

}  // namespace

Interval percentileInterval(std::vector<double> values) {
  if (values.empty()) return {};
  std::ranges::sort(values);
  return {quantileSorted(values, 0.5), quantileSorted(values, 0.025), quantileSorted(values, 0.975)};
}

std::vector<std::size_t> blockResample(std::size_t n, std::size_t block, SplitMix& rng) {
  std::vector<std::size_t> out;
  if (n == 0) return out;
  block = std::clamp<std::size_t>(block, 1, n);
  out.reserve(n);
  const auto starts = static_cast<std::uint32_t>(n - block + 1);
  while (out.size() < n) {
    const std::size_t start = rng.below(starts);
    for (std::size_t i = 0; i < block && out.size() < n; ++i) out.push_back(start + i);
  }
  return out;
}

Interval bootstrapMean(std::span<const double> series, std::size_t block, std::size_t resamples, std::uint64_t seed) {
  SplitMix rng(seed);
  std::vector<double> means;
  means.reserve(resamples);
  for (std::size_t r = 0; r < resamples; ++r) {
    double sum = 0.0;
    for (const std::size_t i : blockResample(series.size(), block, rng)) sum += series[i];
    means.push_back(series.empty() ? 0.0 : sum / static_cast<double>(series.size()));
  }
  return percentileInterval(std::move(means));
}

}  // namespace hetsched
