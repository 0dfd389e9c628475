#include "job.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace hetsched {

namespace {
constexpr std::array<std::string_view, kJobKindCount> kJobKindNames{"training", "inference", "service", "batch",
                                                                    "realtime"};
}

std::string_view toString(JobKind kind) { return kJobKindNames[static_cast<std::size_t>(kind)]; }

std::string_view toString(PriorityClass priority) {
  switch (priority) {
    case PriorityClass::High: return "high";
    case PriorityClass::Middle: return "middle";
    case PriorityClass::Low: return "low";
  }
  return "middle";
}

std::string_view toString(Qos qos) {
  switch (qos) {
    case Qos::LatencySensitive: return "LS";
    case Qos::BestEffort: return "BE";
    case Qos::Burstable: return "Burstable";
    case Qos::Guaranteed: return "Guaranteed";
  }
  return "Burstable";
}

std::string_view toString(JobState state) {
  switch (state) {
    case JobState::Queued: return "queued";
    case JobState::Running: return "running";
    case JobState::Completed: return "completed";
    case JobState::Unschedulable: return "unschedulable";
  }
  return "queued";
}

std::optional<JobKind> parseJobKind(std::string_view text) {
  for (std::size_t i = 0; i < kJobKindNames.size(); ++i) {
    if (kJobKindNames[i] == text) return static_cast<JobKind>(i);
  }
  return std::nullopt;
}

}  // namespace hetsched
