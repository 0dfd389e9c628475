#include "jobs_as_of.h"

#include "job.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

std::vector<Job> jobsAsOf(std::span<const Job> jobs, std::int64_t simTimeMs) {
  std::vector<Job> out;
  out.reserve(jobs.size());
  for (const Job& job : jobs) {
    if (job.submitTimeMs > simTimeMs) continue;
    Job& j = out.emplace_back(job);
    const bool started = j.startTimeMs >= 0 && j.startTimeMs <= simTimeMs && j.state != JobState::Queued;
    if (!started) {
      // Unschedulable is decided at submission and stays as it is.
      if (j.state == JobState::Unschedulable) continue;
      j.state = JobState::Queued;
      j.startTimeMs = -1;
      j.endTimeMs = -1;
      j.actualRuntimeS = 0.0;
      j.devices.clear();
    } else if (j.state == JobState::Completed && j.endTimeMs > simTimeMs) {
      j.state = JobState::Running;
      j.endTimeMs = -1;
      j.actualRuntimeS = 0.0;
    }
  }
  return out;
}

}  // namespace hetsched
