#include "workload_generator.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "sim_options.h"
#include "team_mix.h"
#include "trace_shape_data.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <vector>

namespace hetsched {

namespace {

DeviceKind shapeKind(const TraceShape& s) {
  if (s.numGpu == 0) return DeviceKind::Cpu;
  return s.gpuMilli < 1000 ? DeviceKind::Tpu : DeviceKind::Gpu;
}

PriorityClass priorityOf(Qos qos) {
  switch (qos) {
    case Qos::LatencySensitive:
    case Qos::Guaranteed: return PriorityClass::High;
    case Qos::Burstable: return PriorityClass::Middle;
    case Qos::BestEffort: return PriorityClass::Low;
  }
  return PriorityClass::Middle;
}

JobKind cpuJobKind(Qos qos) {
  switch (qos) {
    case Qos::BestEffort: return JobKind::Batch;
    case Qos::Guaranteed: return JobKind::Realtime;
    default: return JobKind::Service;
  }
}

// Milli-units of the routed device kind a shape occupies.
double units(const TraceShape& s, DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cpu: return s.cpuMilli;
    case DeviceKind::Gpu: return 1000.0 * s.numGpu;
    case DeviceKind::Tpu: return 1000.0;
  }
  return 0.0;
}

}  // namespace

WorkloadGenerator::WorkloadGenerator(const Topology& topology, const SimOptions& options)
    : m_options(options), m_rng(options.seed * 0x9E3779B97F4A7C15ull + 17) {
  std::array<double, kDeviceKindCount> capacity{};
  for (std::size_t d = 0; d < topology.devices.size(); ++d)
    capacity[index(topology.kindOf(d))] += deviceCapacityMilli(topology.modelOf(d));
  for (std::uint32_t i = 0; i < kTraceShapes.size(); ++i)
    m_stream[index(shapeKind(kTraceShapes[i]))].shapes.push_back(i);
  for (const DeviceKind kind : kDeviceKinds) {
    Stream& s = m_stream[index(kind)];
    if (s.shapes.empty() || capacity[index(kind)] == 0.0) continue;
    double work = 0.0;  // mean milli-seconds of work per job
    for (const std::uint32_t i : s.shapes)
      work += units(kTraceShapes[i], kind) * clampRuntime(kTraceShapes[i].runtimeS);
    work /= static_cast<double>(s.shapes.size());
    s.ratePerS = options.targetLoad * capacity[index(kind)] / work;
    s.nextMs = std::exponential_distribution<double>(s.ratePerS)(m_rng) * 1000.0;
  }
}

double WorkloadGenerator::clampRuntime(double runtimeS) const {
  return std::clamp(runtimeS, m_options.minRuntimeS, m_options.maxRuntimeS);
}

void WorkloadGenerator::generate(std::int64_t fromMs, std::int64_t toMs, std::vector<Arrival>& out) {
  const std::size_t begin = out.size();
  for (const DeviceKind kind : kDeviceKinds) {
    Stream& s = m_stream[index(kind)];
    if (s.ratePerS <= 0.0) continue;
    std::exponential_distribution<double> gap(s.ratePerS);
    while (s.nextMs <= static_cast<double>(toMs)) {
      const auto at = static_cast<std::int64_t>(s.nextMs);
      if (at > fromMs) out.push_back(draw(s, kind, at));
      s.nextMs += gap(m_rng) * 1000.0;
    }
  }
  std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(begin), out.end(),
                   [](const Arrival& a, const Arrival& b) { return a.timeMs < b.timeMs; });
}

Arrival WorkloadGenerator::draw(Stream& s, DeviceKind kind, std::int64_t timeMs) {
  const TraceShape& shape =
      kTraceShapes[s.shapes[std::uniform_int_distribution<std::size_t>(0, s.shapes.size() - 1)(m_rng)]];
  Arrival a;
  a.timeMs = timeMs;
  a.runtimeS = clampRuntime(shape.runtimeS);
  JobSpec& spec = a.spec;
  spec.qos = shape.qos;
  spec.priority = priorityOf(shape.qos);
  spec.interruptible = shape.qos == Qos::BestEffort;
  spec.requests.cpuMilli = shape.cpuMilli;
  spec.requests.memoryMib = shape.memoryMib;
  const char* prefix = "svc";
  switch (kind) {
    case DeviceKind::Gpu:
      spec.kind = JobKind::Training;
      spec.requests.gpuCount = shape.numGpu;
      prefix = "train";
      break;
    case DeviceKind::Tpu:
      spec.kind = JobKind::Inference;
      spec.requests.tpuCount = 1;
      prefix = "infer";
      break;
    case DeviceKind::Cpu:
      spec.kind = cpuJobKind(shape.qos);
      prefix = spec.kind == JobKind::Batch ? "batch" : spec.kind == JobKind::Realtime ? "rt" : "svc";
      break;
  }
  // Users' runtime estimates are off by a log-normal factor (median 1).
  const double error = std::lognormal_distribution<double>(0.0, 0.5)(m_rng);
  spec.estimatedRuntimeS = std::round(a.runtimeS * error);
  char name[40];
  std::snprintf(name, sizeof name, "%s-%06llu", prefix, static_cast<unsigned long long>(++m_counter));
  spec.name = name;
  const SimOwner who = simOwnerOf(m_options.seed, m_counter, spec.kind);
  spec.owner = who.owner;
  spec.team = who.team;
  return a;
}

std::shared_ptr<const frag::TargetWorkload> traceGpuTarget() {
  std::vector<JobRequests> requests;
  for (const TraceShape& s : kTraceShapes) {
    if (s.numGpu == 0) continue;
    JobRequests r;
    r.cpuMilli = s.cpuMilli;
    r.memoryMib = s.memoryMib;
    if (s.gpuMilli < 1000) r.gpuMilli = s.gpuMilli;
    else r.gpuCount = s.numGpu;
    requests.push_back(r);
  }
  return std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests));
}

}  // namespace hetsched
