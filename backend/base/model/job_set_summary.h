#pragma once

#include "job.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace hetsched {

// What a set of jobs (a selection on the job map) amounts to: how many, of
// which kinds, and how long they waited and ran on average up to now.
struct JobSetSummary {
  std::size_t count = 0;
  std::array<std::size_t, kJobKindCount> kinds{};
  double meanWaitS = 0.0;     // submit to start, or to now while waiting
  double meanRuntimeS = 0.0;  // over the jobs that started: start to end, or to now
  std::size_t started = 0;
};

// `selected` is sorted; ids not in `jobs` are not counted.
JobSetSummary summarizeJobs(std::span<const Job> jobs, std::span<const JobId> selected, std::int64_t nowMs);

}  // namespace hetsched
