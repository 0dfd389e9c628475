#pragma once

// A job list the size of a big cluster's for the search test and benchmark:
// every kind, state and priority, names like "resnet50-train-123", five
// teams and 37 owners ("user7"), training jobs asking for a GPU, running
// jobs spread over the topology's devices.

#include "base/model/job.h"
#include "base/model/topology.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hetsched::testing {

inline std::vector<Job> manyJobs(const Topology& topology, std::size_t count) {
  static constexpr std::array<const char*, 6> kNames{"resnet50-train", "bert-serve", "llama-finetune",
                                                     "etl-nightly",    "ocr-batch",  "notebook"};
  static constexpr std::array<const char*, 5> kTeams{"vision", "language", "search", "ads", "platform"};
  std::vector<Job> jobs(count);
  for (std::size_t i = 0; i < count; ++i) {
    Job& j = jobs[i];
    j.id = 1000 + i;
    j.spec.name = std::string(kNames[i % kNames.size()]) + "-" + std::to_string(i);
    j.spec.kind = static_cast<JobKind>(i % kJobKindCount);
    j.spec.priority = static_cast<PriorityClass>((i / 7) % kPriorityClassCount);
    j.spec.team = kTeams[(i / 11) % kTeams.size()];
    j.spec.owner = "user" + std::to_string(i % 37);
    if (j.spec.kind == JobKind::Training) j.spec.requests.gpuCount = 1;
    j.state = static_cast<JobState>((i / 3) % 3);  // queued, running, completed
    j.submitTimeMs = static_cast<std::int64_t>(i) * 10;
    if (j.state == JobState::Running && !topology.devices.empty()) {
      const auto device = static_cast<std::uint32_t>(i % topology.devices.size());
      j.devices = {device};
      j.node = topology.devices[device].node;
      j.startTimeMs = j.submitTimeMs + 5;
    }
  }
  return jobs;
}

}  // namespace hetsched::testing
