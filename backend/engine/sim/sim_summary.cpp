#include "sim_summary.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "sim_result.h"
#include "usage_meter.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hetsched {

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  const double rank = std::ceil(p / 100.0 * static_cast<double>(values.size()));
  const std::size_t i = std::min(values.size() - 1, static_cast<std::size_t>(std::max(1.0, rank)) - 1);
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
    s.waitP50S = percentile(waits, 50);
    s.waitP95S = percentile(waits, 95);
    s.waitP99S = percentile(std::move(waits), 99);
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
