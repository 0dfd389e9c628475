#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

enum class JobKind : std::uint8_t { Training, Inference, Service, Batch, Realtime };
// The seed's §2.2 classes: real-time work, periodic control, logging/background.
enum class PriorityClass : std::uint8_t { High, Middle, Low };
enum class Qos : std::uint8_t { LatencySensitive, BestEffort, Burstable, Guaranteed };
enum class JobState : std::uint8_t { Queued, Running, Completed, Unschedulable };

inline constexpr std::size_t kJobKindCount = 5;
inline constexpr std::size_t kPriorityClassCount = 3;

std::string_view toString(JobKind kind);
std::string_view toString(PriorityClass priority);
std::string_view toString(Qos qos);
std::string_view toString(JobState state);
std::optional<JobKind> parseJobKind(std::string_view text);

// What a job asks for. GPUs come whole (gpuCount) or as a share of one GPU
// (gpuMilli, in 1/1000), as in Alibaba's GPU-sharing trace.
struct JobRequests {
  std::uint32_t cpuMilli = 0;
  std::uint64_t memoryMib = 0;
  std::uint32_t gpuCount = 0;
  std::uint32_t gpuMilli = 0;
  std::uint32_t tpuCount = 0;

  bool operator==(const JobRequests&) const = default;
};

struct JobSpec {
  std::string name;
  JobKind kind = JobKind::Service;
  PriorityClass priority = PriorityClass::Middle;
  Qos qos = Qos::Burstable;
  JobRequests requests;
  double estimatedRuntimeS = 0.0;
  bool interruptible = false;
  // Who runs it, where the source knows: the user and the team (group,
  // Kubernetes namespace) it counts against. Empty: not reported. The team
  // is what per-team quotas will count against.
  std::string owner;
  std::string team;
};

using JobId = std::uint64_t;

// A run of a job that ended before the job did: the scheduler preempted it,
// moved it to another node (seed §2.4), or its node went down.
struct JobRun {
  enum class End : std::uint8_t { Preempted, Migrated, NodeLost };
  std::int64_t startMs = 0;
  std::int64_t endMs = 0;
  std::uint32_t node = 0;
  std::vector<std::uint32_t> devices;
  End end = End::Preempted;

  bool operator==(const JobRun&) const = default;
};

struct Job {
  JobId id = 0;
  JobSpec spec;
  JobState state = JobState::Queued;
  std::int64_t submitTimeMs = 0;
  std::int64_t startTimeMs = -1;
  std::int64_t endTimeMs = -1;
  double actualRuntimeS = 0.0;
  std::uint32_t node = 0;
  std::vector<std::uint32_t> devices;
  // Runs cut short before the current one (oldest first); startTimeMs,
  // node and devices are the current or last run's.
  std::vector<JobRun> earlierRuns;
  // The policy arm that schedules it (0 active, 1 canary candidate).
  std::uint8_t arm = 0;

  // When it first started; -1 if it never did.
  std::int64_t firstStartMs() const { return earlierRuns.empty() ? startTimeMs : earlierRuns.front().startMs; }
};

}  // namespace hetsched
