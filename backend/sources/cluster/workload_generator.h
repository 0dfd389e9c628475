#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/frag/target_workload.h"
#include "sim_options.h"

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace hetsched {

struct Arrival {
  std::int64_t timeMs = 0;
  JobSpec spec;
  double runtimeS = 0.0;  // what it will really take; spec has the estimate
};

// Submits jobs shaped like Alibaba's production GPU trace: task sizes and
// runtimes are drawn from a sample of the trace (trace_shape_data.cpp), and
// each device kind gets a Poisson stream whose rate offers the target load.
// Whole-GPU tasks become training jobs, GPU-share tasks inference jobs and
// CPU-only tasks services, batch or real-time jobs by their QoS.
class WorkloadGenerator {
 public:
  WorkloadGenerator(const Topology& topology, const SimOptions& options);

  // Arrivals in (fromMs, toMs], in time order.
  void generate(std::int64_t fromMs, std::int64_t toMs, std::vector<Arrival>& out);
  double ratePerSecond(DeviceKind kind) const { return m_stream[index(kind)].ratePerS; }

 private:
  struct Stream {
    std::vector<std::uint32_t> shapes;  // indices into kTraceShapes
    double ratePerS = 0.0;
    double nextMs = 0.0;
  };
  Arrival draw(Stream& stream, DeviceKind kind, std::int64_t timeMs);
  double clampRuntime(double runtimeS) const;

  SimOptions m_options;
  std::array<Stream, kDeviceKindCount> m_stream;
  std::mt19937_64 m_rng;
  std::uint64_t m_counter = 0;
};

// FGD's target workload on the simulated cluster: the GPU task shapes of
// the trace sample the workload is drawn from, whole GPUs and shares alike.
std::shared_ptr<const frag::TargetWorkload> traceGpuTarget();

}  // namespace hetsched
