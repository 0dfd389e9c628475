#include "trace_workload.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"
#include "data/trace/trace_node.h"
#include "data/trace/trace_pod.h"
#include "sim_job.h"
#include "split_mix.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

DeviceModel gpuModel(std::string_view name) {
  // TDP / idle in W and peak FP32 TFLOPS from vendor data sheets; the trace
  // names models only, and G2/G3 are anonymised.
  struct Known {
    std::string_view prefix;
    double peakTflops, tdp, idle;
    std::uint64_t memoryMib;
  };
  static constexpr std::array<Known, 5> kKnown{{{"V100M32", 15.7, 300, 30, 32768},
                                                {"V100", 15.7, 300, 30, 16384},
                                                {"P100", 9.3, 250, 25, 16384},
                                                {"T4", 8.1, 70, 10, 16384},
                                                {"A10", 31.2, 150, 15, 24576}}};
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access): A100 is in the built-in table
  DeviceModel model = *findBuiltinModel("A100");
  model.name = std::string(name.empty() ? "A100" : name);
  for (const Known& k : kKnown) {
    if (name.starts_with(k.prefix)) {
      model.peakTflops = k.peakTflops;
      model.tdpWatts = k.tdp;
      model.idleWatts = k.idle;
      model.memoryMib = k.memoryMib;
      break;
    }
  }
  return model;
}

std::uint32_t modelIndex(Topology& t, const DeviceModel& model) {
  const auto it = std::ranges::find(t.models, model.name, &DeviceModel::name);
  if (it != t.models.end()) return static_cast<std::uint32_t>(it - t.models.begin());
  t.models.push_back(model);
  return static_cast<std::uint32_t>(t.models.size() - 1);
}

}  // namespace

Topology topologyFromTrace(std::span<const trace::TraceNode> nodes) {
  Topology t;
  t.clusterName = "alibaba";
  t.source = "alibaba-trace";
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access): Xeon is in the built-in table
  const DeviceModel xeon = *findBuiltinModel("Xeon");
  for (const trace::TraceNode& row : nodes) {
    NodeInfo node{row.name, DeviceKind::Cpu, static_cast<std::uint32_t>(t.devices.size()),
                  1,        row.cpuMilli,    row.memoryMib};
    std::uint32_t model = 0;
    if (row.gpuCount > 0) {
      node.kind = DeviceKind::Gpu;
      node.deviceCount = row.gpuCount;
      model = modelIndex(t, gpuModel(row.gpuModel));
    } else {
      // Power scales with cores from the seed's 32-core Xeon socket.
      DeviceModel cpu = xeon;
      cpu.cores = std::max(1u, row.cpuMilli / 1000);
      const double sockets = cpu.cores / 32.0;
      cpu.name = "cpu-" + std::to_string(cpu.cores) + "c";
      cpu.tdpWatts *= sockets;
      cpu.idleWatts *= sockets;
      cpu.peakTflops *= sockets;
      model = modelIndex(t, cpu);
    }
    for (std::uint32_t s = 0; s < node.deviceCount; ++s)
      t.devices.push_back({static_cast<std::uint32_t>(t.nodes.size()), s, model});
    t.nodes.push_back(std::move(node));
  }
  return t;
}

namespace {

TraceJobs convert(std::span<const trace::TracePod> pods, const Topology& topology,
                  const std::optional<PoissonArrivals>& poisson) {
  TraceJobs out;
  std::int64_t origin = std::numeric_limits<std::int64_t>::max();
  for (const trace::TracePod& pod : pods)
    if (pod.creationTime && pod.runtimeS() && *pod.runtimeS() > 0) origin = std::min(origin, *pod.creationTime);
  // Two streams, so that the arrivals do not depend on which pods lack a
  // runtime.
  SplitMix arrivalRng(poisson ? poisson->seed : 0);
  SplitMix runtimeRng(poisson ? ~poisson->seed : 0);
  double clock = 0.0;
  for (const trace::TracePod& pod : pods) {
    std::optional<double> arrival, runtime;
    if (const auto r = pod.runtimeS(); r && *r > 0) runtime = static_cast<double>(*r);
    else if (poisson && poisson->runtimeMeanS > 0.0) runtime = runtimeRng.exponential(poisson->runtimeMeanS);
    if (poisson) arrival = clock += arrivalRng.exponential(1.0 / poisson->ratePerS);
    else if (pod.creationTime) arrival = static_cast<double>(*pod.creationTime - origin);
    if (!arrival || !runtime) {
      ++out.withoutRuntime;
      continue;
    }
    SimJob job;
    job.spec = pod.toJobSpec();
    job.spec.estimatedRuntimeS = 0.0;
    job.arrivalS = *arrival;
    job.runtimeS = *runtime;
    for (const std::string& name : pod.gpuModels) {
      const auto it = std::ranges::find(topology.models, name, &DeviceModel::name);
      job.allowedModels.push_back(it == topology.models.end()
                                      ? std::numeric_limits<std::uint32_t>::max()
                                      : static_cast<std::uint32_t>(it - topology.models.begin()));
    }
    out.jobs.push_back(std::move(job));
  }
  // The trace lists pods by name; the simulator wants arrival order and
  // sorts only when it must.
  std::ranges::stable_sort(out.jobs, {}, &SimJob::arrivalS);
  return out;
}

}  // namespace

TraceJobs jobsFromTrace(std::span<const trace::TracePod> pods, const Topology& topology) {
  return convert(pods, topology, std::nullopt);
}

TraceJobs jobsFromTrace(std::span<const trace::TracePod> pods, const Topology& topology,
                        const PoissonArrivals& arrivals) {
  return convert(pods, topology, arrivals);
}

std::variant<TraceJobs, std::string> replayableJobs(std::span<const trace::TracePod> pods, const Topology& topology,
                                                    const std::optional<PoissonArrivals>& arrivals) {
  TraceJobs out = convert(pods, topology, arrivals);
  if (!out.jobs.empty()) return out;
  const bool anyArrival =
      arrivals || std::ranges::any_of(pods, [](const trace::TracePod& p) { return p.creationTime.has_value(); });
  const bool anyRuntime = (arrivals && arrivals->runtimeMeanS > 0.0) ||
                          std::ranges::any_of(pods, [](const trace::TracePod& p) { return p.runtimeS().has_value(); });
  std::string missing;
  if (!anyArrival) missing = "creation_time (when a pod arrives; --arrival-rate JOBS_PER_S gives Poisson arrivals)";
  if (!anyRuntime)
    missing += std::string(missing.empty() ? "" : " and ") +
               "deletion_time, scheduled_time (how long a pod runs; --runtime-mean S gives exponential runtimes)";
  if (missing.empty()) return std::string("no pod has both an arrival and a positive runtime");
  return "no pod can be replayed: the list has no " + missing;
}

}  // namespace hetsched
