#include "trace_pod.h"

#include "base/model/job.h"

#include <cstdint>
#include <optional>

namespace hetsched::trace {

PriorityClass priorityFor(Qos qos) {
  switch (qos) {
    case Qos::LatencySensitive:
    case Qos::Guaranteed: return PriorityClass::High;
    case Qos::Burstable: return PriorityClass::Middle;
    case Qos::BestEffort: return PriorityClass::Low;
  }
  return PriorityClass::Low;
}

std::optional<std::int64_t> TracePod::runtimeS() const {
  if (!deletionTime || !scheduledTime) return std::nullopt;
  return *deletionTime - *scheduledTime;
}

JobSpec TracePod::toJobSpec() const {
  JobSpec spec;
  spec.name = name;
  // The openb pod lists have no user or group column: owner and team stay
  // empty (not reported), unlike cluster-trace-gpu-v2020's `user`.
  spec.kind = gpuCount > 0 ? JobKind::Training : JobKind::Batch;
  spec.priority = priority;
  spec.qos = qos;
  spec.requests.cpuMilli = cpuMilli;
  spec.requests.memoryMib = memoryMib;
  const bool share = gpuCount == 1 && gpuMilli > 0 && gpuMilli < 1000;
  spec.requests.gpuCount = share ? 0 : gpuCount;
  spec.requests.gpuMilli = share ? gpuMilli : 0;
  if (const auto runtime = runtimeS(); runtime && *runtime >= 0) spec.estimatedRuntimeS = static_cast<double>(*runtime);
  // Best-effort tasks are the ones the trace's cluster may evict.
  spec.interruptible = qos == Qos::BestEffort;
  return spec;
}

}  // namespace hetsched::trace
