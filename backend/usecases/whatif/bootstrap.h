#pragma once

#include "engine/sim/split_mix.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// A median and the central 95 % of a sample (percentile interval).
struct Interval {
  double median = 0.0;
  double low = 0.0;
  double high = 0.0;
  bool excludesZero() const { return low > 0.0 || high < 0.0; }
};

// The median and the 2.5th / 97.5th percentiles (linear interpolation
// between order statistics) of `values`; all 0 when empty.
Interval percentileInterval(std::vector<double> values);

// One moving-block bootstrap resample of a series of `n` values: the indices
// of ceil(n / block) blocks of `block` consecutive values, each starting
// anywhere in the series, cut to `n` (Kuensch 1989). Blocks keep the bursts
// and lulls that independent draws would break up.
std::vector<std::size_t> blockResample(std::size_t n, std::size_t block, SplitMix& rng);

// The block-bootstrap 95 % interval of the mean of `series` from `resamples`
// resamples, seeded: the same seed gives the same interval.
Interval bootstrapMean(std::span<const double> series, std::size_t block, std::size_t resamples, std::uint64_t seed);

}  // namespace hetsched
