#pragma once

#include "base/model/job.h"
#include "routing.h"

#include <cstdint>
#include <optional>
#include <string>

namespace hetsched {

// A rejected request: the field path (as in the wire message, e.g.
// "spec.requests.gpu_count") and what is wrong with it.
struct FieldError {
  std::string field;
  std::string problem;
  std::string message() const { return field + ": " + problem; }
};

// Upper bounds beyond which a request is absurd rather than merely large.
struct RequestLimits {
  std::uint32_t maxCpuMilli = 1'024'000;    // 1,024 cores
  std::uint64_t maxMemoryMib = 16ull << 20;  // 16 TiB
  std::uint32_t maxGpuCount = 64;
  std::uint32_t maxTpuCount = 64;
  double maxRuntimeS = 365.0 * 24 * 3600;
};

// Checks a job before anything is applied; the first problem found is returned.
std::optional<FieldError> validateJobSpec(const JobSpec& spec, const RoutingTable& routing,
                                          const RequestLimits& limits = {});

}  // namespace hetsched
