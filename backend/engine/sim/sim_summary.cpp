#include "sim_summary.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "sim_result.h"
#include "usage_meter.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

std::size_t percentileRank(std::size_t n, double p) {
  const double rank = std::ceil(p / 100.0 * static_cast<double>(n));
  return std::min(n - 1, static_cast<std::size_t>(std::max(1.0, rank)) - 1);
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  const std::size_t i = percentileRank(values.size(), p);
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(i), values.end());
  return values[i];
}

SimSummary summarize(const std::vector<JobTimeline>& jobs, const UsageMeter& meter, std::uint64_t preemptions,
                     std::uint64_t migrations) {
  SimSummary s;
  s.jobs = jobs.size();
  std::vector<double> waits;
  waits.reserve(jobs.size());
  double response = 0.0, jct = 0.0, slowdown = 0.0, lastEnd = meter.startS();
  for (const JobTimeline& j : jobs) {
    if (j.state == JobState::Unschedulable) {
      ++s.unschedulable;
      continue;
    }
    if (j.state != JobState::Completed) continue;
    ++s.completed;
    const double turnaround = j.endS - j.arrivalS;
    waits.push_back(std::max(0.0, turnaround - j.runtimeS));
    response += j.startS - j.arrivalS;
    jct += turnaround;
    slowdown += turnaround / j.runtimeS;
    lastEnd = std::max(lastEnd, j.endS);
  }
  if (s.completed > 0) {
    const double n = static_cast<double>(s.completed);
    double waitSum = 0.0;
    for (const double w : waits) waitSum += w;
    s.waitAvgS = waitSum / n;
    s.responseAvgS = response / n;
    s.jctAvgS = jct / n;
    s.slowdownAvg = slowdown / n;
    // Highest first, each among the values at or below the last: the waits
    // are not copied for each, and each selection looks at fewer of them.
    const std::size_t i99 = percentileRank(waits.size(), 99), i95 = percentileRank(waits.size(), 95),
                      i50 = percentileRank(waits.size(), 50);
    const auto select = [&](std::size_t i, std::size_t end) {
      std::nth_element(waits.begin(), waits.begin() + static_cast<std::ptrdiff_t>(i),
                       waits.begin() + static_cast<std::ptrdiff_t>(end));
      return waits[i];
    };
    s.waitP99S = select(i99, waits.size());
    s.waitP95S = select(i95, i99 + 1);
    s.waitP50S = select(i50, i95 + 1);
    s.makespanS = lastEnd - meter.startS();
  }
  s.utilization = meter.utilization();
  s.allocation = meter.allocation();
  s.gpuAllocationRatio = s.allocation[index(DeviceKind::Gpu)];
  s.allocationDuringArrivals = meter.allocationDuringArrivals();
  s.energyJ = meter.energyJ();
  s.gpuHours = meter.allocatedMilliSeconds(DeviceKind::Gpu) / (1000.0 * 3600.0);
  s.preemptions = preemptions;
  s.migrations = migrations;
  return s;
}

}  // namespace hetsched
