#pragma once

#include "device_kind.h"
#include "job.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hetsched {

struct KindCounts {
  std::uint32_t running = 0;
  std::uint32_t queued = 0;
  bool operator==(const KindCounts&) const = default;
};

// One live policy arm (0: active, 1: canary candidate); see hetsched.proto.
struct ArmSummary {
  std::uint64_t policyVersion = 0;
  std::string policyName;
  std::uint32_t running = 0;
  std::uint32_t queued = 0;
  std::uint64_t completed = 0;
  std::uint64_t arrivals = 0;
  std::uint32_t startedInWindow = 0;
  double meanWaitS = 0.0;
  double windowS = 0.0;
  std::uint64_t preemptions = 0;  // since the arm was set
  std::uint64_t migrations = 0;
  bool operator==(const ArmSummary&) const = default;
};

struct QueueSummary {
  std::array<KindCounts, kDeviceKindCount> kinds{};
  std::array<std::uint32_t, kPriorityClassCount> queuedByClass{};
  std::uint64_t completedTotal = 0;
  std::uint64_t unschedulableTotal = 0;
  std::vector<ArmSummary> arms;
  bool operator==(const QueueSummary&) const = default;
};

// One round of agent reports for the whole cluster, column per metric, one
// entry per Topology::devices element (and per node for nodeUp).
struct Frame {
  std::uint64_t sequence = 0;
  std::uint64_t topologyVersion = 0;
  std::int64_t simTimeMs = 0;
  std::int64_t wallTimeMs = 0;
  std::vector<float> utilization;   // 0..1
  std::vector<float> memoryUsed;    // fraction of device memory, 0..1
  std::vector<float> powerWatts;
  std::vector<float> temperatureC;
  std::vector<JobId> job;           // 0 = idle
  std::vector<std::uint8_t> nodeUp;
  QueueSummary queue;
  std::uint64_t framesSkipped = 0;

  void resize(std::size_t devices, std::size_t nodes);
  std::size_t deviceCount() const { return utilization.size(); }
};

}  // namespace hetsched
