#pragma once

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
};

using JobId = std::uint64_t;

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
};

}  // namespace hetsched
