#pragma once

#include "sim_result.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

class UsageMeter;

// Aggregates the timeline into the what-if table's numbers. Percentiles are
// nearest-rank over completed jobs.
SimSummary summarize(const std::vector<JobTimeline>& jobs, const UsageMeter& meter, std::uint64_t preemptions,
                     std::uint64_t migrations);

// Nearest-rank percentile (p in [0, 100]) of unsorted values; 0 when empty.
double percentile(std::vector<double> values, double p);
// Its index among n > 0 values in ascending order.
std::size_t percentileRank(std::size_t n, double p);

}  // namespace hetsched
