#include "resource_estimate.h"

#include "base/model/device_model.h"
#include "base/model/job.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>

namespace hetsched {

namespace {
struct Multipliers {
  double flops;
  double memory;
};

Multipliers multipliers(TaskType type) {
  switch (type) {
    case TaskType::Classification: return {1.2, 0.8};
    case TaskType::Nlp: return {0.9, 2.1};
    case TaskType::Detection: return {1.8, 1.5};
  }
  return {1.0, 1.0};
}
}  // namespace

std::optional<TaskType> parseTaskType(std::string_view text) {
  if (text == "classification") return TaskType::Classification;
  if (text == "nlp") return TaskType::Nlp;
  if (text == "detection") return TaskType::Detection;
  return std::nullopt;
}

std::string_view toString(TaskType type) {
  switch (type) {
    case TaskType::Classification: return "classification";
    case TaskType::Nlp: return "nlp";
    case TaskType::Detection: return "detection";
  }
  return "?";
}

ResourceEstimate estimateResources(TaskType type, double inputSize, double batchSize) {
  const Multipliers m = multipliers(type);
  return {m.flops * batchSize * inputSize, m.memory * batchSize * std::sqrt(inputSize)};
}

JobRequests requestsFromEstimate(const ResourceEstimate& estimate, const DeviceModel& gpu) {
  JobRequests r;
  r.memoryMib = static_cast<std::uint64_t>(std::ceil(std::max(0.0, estimate.memoryGb) * 1024.0));
  const double perGpu = gpu.memoryMib > 0 ? static_cast<double>(gpu.memoryMib) : 1.0;
  r.gpuCount = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::ceil(r.memoryMib / perGpu)));
  return r;
}

}  // namespace hetsched
