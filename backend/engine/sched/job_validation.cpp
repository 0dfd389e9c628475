#include "job_validation.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "routing.h"

#include <cmath>
#include <optional>
#include <string>

namespace hetsched {

std::optional<FieldError> validateJobSpec(const JobSpec& spec, const RoutingTable& routing,
                                          const RequestLimits& limits) {
  if (spec.name.empty()) return FieldError{"spec.name", "must not be empty"};
  if (spec.name.size() > 253) return FieldError{"spec.name", "longer than 253 characters"};
  if (spec.owner.size() > 253) return FieldError{"spec.owner", "longer than 253 characters"};
  if (spec.team.size() > 253) return FieldError{"spec.team", "longer than 253 characters"};
  const JobRequests& r = spec.requests;
  if (r.cpuMilli > limits.maxCpuMilli)
    return FieldError{"spec.requests.cpu_milli", "exceeds " + std::to_string(limits.maxCpuMilli)};
  if (r.memoryMib > limits.maxMemoryMib)
    return FieldError{"spec.requests.memory_mib", "exceeds " + std::to_string(limits.maxMemoryMib)};
  if (r.gpuCount > limits.maxGpuCount)
    return FieldError{"spec.requests.gpu_count", "exceeds " + std::to_string(limits.maxGpuCount)};
  if (r.gpuMilli > 1000) return FieldError{"spec.requests.gpu_milli", "a GPU share is at most 1000 (one whole GPU)"};
  if (r.gpuMilli > 0 && r.gpuCount > 0)
    return FieldError{"spec.requests.gpu_milli", "give either whole GPUs (gpu_count) or a share, not both"};
  if (r.tpuCount > limits.maxTpuCount)
    return FieldError{"spec.requests.tpu_count", "exceeds " + std::to_string(limits.maxTpuCount)};
  if (!std::isfinite(spec.estimatedRuntimeS) || spec.estimatedRuntimeS < 0.0)
    return FieldError{"spec.estimated_runtime_s", "must be a finite number >= 0"};
  if (spec.estimatedRuntimeS > limits.maxRuntimeS) return FieldError{"spec.estimated_runtime_s", "longer than a year"};

  switch (routing.route(spec.kind)) {
    case DeviceKind::Gpu:
      if (r.gpuCount == 0 && r.gpuMilli == 0)
        return FieldError{"spec.requests.gpu_count", std::string("a ") + std::string(toString(spec.kind)) +
                                                         " job runs on GPUs and must request gpu_count or gpu_milli"};
      break;
    case DeviceKind::Tpu:
      if (r.tpuCount == 0)
        return FieldError{"spec.requests.tpu_count", std::string("a ") + std::string(toString(spec.kind)) +
                                                         " job runs on TPUs and must request tpu_count"};
      break;
    case DeviceKind::Cpu:
      if (r.cpuMilli == 0)
        return FieldError{"spec.requests.cpu_milli", std::string("a ") + std::string(toString(spec.kind)) +
                                                         " job runs on CPUs and must request cpu_milli"};
      break;
  }
  return std::nullopt;
}

}  // namespace hetsched
