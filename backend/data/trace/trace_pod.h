#pragma once

#include "base/model/job.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetsched::trace {

// One row of openb_pod_list_*.csv. gpuMilli is the share of each requested
// GPU in 1/1000 (1000 for whole GPUs, < 1000 only for single-GPU sharing
// tasks). The multigpu variants carry only the first five columns; then
// hasSchedulingColumns is false and the remaining fields keep defaults.
struct TracePod {
  std::string name;
  std::uint32_t cpuMilli = 0;
  std::uint64_t memoryMib = 0;
  std::uint32_t gpuCount = 0;
  std::uint32_t gpuMilli = 0;
  bool hasSchedulingColumns = false;
  std::vector<std::string> gpuModels;  // allowed GPU models; empty: any
  Qos qos = Qos::BestEffort;
  PriorityClass priority = PriorityClass::Low;
  std::string podPhase;
  std::optional<std::int64_t> creationTime;
  std::optional<std::int64_t> deletionTime;
  std::optional<std::int64_t> scheduledTime;

  // deletion_time - scheduled_time, when both are known.
  std::optional<std::int64_t> runtimeS() const;
  // The project's job description of this task. A GPU-sharing task maps to
  // gpuCount 0 + gpuMilli (a share of one GPU), whole GPUs to gpuCount only,
  // following JobRequests' convention.
  JobSpec toJobSpec() const;

  bool operator==(const TracePod&) const = default;
};

// LS and Guaranteed are served first, Burstable next, best effort last.
PriorityClass priorityFor(Qos qos);

}  // namespace hetsched::trace
