#include "job_set_summary.h"

#include "job.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

namespace hetsched {

JobSetSummary summarizeJobs(std::span<const Job> jobs, std::span<const JobId> selected, std::int64_t nowMs) {
  JobSetSummary s;
  double waitMs = 0.0;
  double runMs = 0.0;
  for (const Job& job : jobs) {
    if (!std::ranges::binary_search(selected, job.id)) continue;
    ++s.count;
    ++s.kinds[static_cast<std::size_t>(job.spec.kind)];
    const bool started = job.state != JobState::Queued && job.state != JobState::Unschedulable && job.startTimeMs >= 0;
    waitMs += static_cast<double>(std::max<std::int64_t>(0, (started ? job.startTimeMs : nowMs) - job.submitTimeMs));
    if (!started) continue;
    ++s.started;
    const std::int64_t end = job.state == JobState::Completed ? job.endTimeMs : nowMs;
    runMs += static_cast<double>(std::max<std::int64_t>(0, end - job.startTimeMs));
  }
  if (s.count > 0) s.meanWaitS = waitMs / 1000.0 / static_cast<double>(s.count);
  if (s.started > 0) s.meanRuntimeS = runMs / 1000.0 / static_cast<double>(s.started);
  return s;
}

}  // namespace hetsched
