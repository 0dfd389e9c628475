#pragma once

#include "base/model/device_model.h"
#include "base/model/job.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace hetsched {

// The seed's §3.2 deep-learning task types.
enum class TaskType : std::uint8_t { Classification, Nlp, Detection };

std::optional<TaskType> parseTaskType(std::string_view text);
std::string_view toString(TaskType type);

// What a deep-learning job declares about itself when it names no requests.
struct TaskProfile {
  TaskType type = TaskType::Classification;
  double inputSize = 0.0;
  double batchSize = 0.0;
};

struct ResourceEstimate {
  double gpuFlops = 0.0;  // the seed's relative compute units
  double memoryGb = 0.0;
};

// The seed's estimate_resources: per task type a flops and a memory
// multiplier (classification 1.2/0.8, nlp 0.9/2.1, detection 1.8/1.5);
// gpu_flops = flops * batch * input, memory_gb = memory * batch * sqrt(input).
ResourceEstimate estimateResources(TaskType type, double inputSize, double batchSize);

// Requests for a job that gave none, from an estimate: memory as estimated,
// and as many whole GPUs of `gpu` as that memory needs (at least one).
JobRequests requestsFromEstimate(const ResourceEstimate& estimate, const DeviceModel& gpu);

}  // namespace hetsched
