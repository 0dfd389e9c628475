#include "synthetic_workload.h"

#include "engine/core/huge_pages.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "sim_job.h"
#include "split_mix.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

Topology syntheticTopology(std::uint32_t nodes) {
  Topology t;
  t.clusterName = "synthetic";
  t.source = "sim";
  for (const DeviceModel& m : builtinDeviceModels()) t.models.push_back(m);
  const std::uint32_t gpuNodes = nodes * 3 / 10;
  const std::uint32_t tpuNodes = nodes / 10;
  const std::uint32_t cpuNodes = nodes - gpuNodes - tpuNodes;
  auto add = [&](std::uint32_t count, DeviceKind kind, std::uint32_t model, std::uint32_t devices,
                 std::uint32_t cpuMilli, std::uint64_t memoryMib, const char* prefix) {
    for (std::uint32_t i = 0; i < count; ++i) {
      NodeInfo n{std::string(prefix) + std::to_string(i),
                 kind,
                 static_cast<std::uint32_t>(t.devices.size()),
                 devices,
                 cpuMilli,
                 memoryMib};
      for (std::uint32_t s = 0; s < devices; ++s)
        t.devices.push_back({static_cast<std::uint32_t>(t.nodes.size()), s, model});
      t.nodes.push_back(std::move(n));
    }
  };
  add(cpuNodes, DeviceKind::Cpu, 0, 2, 64000, std::uint64_t{512} * 1024, "cpu-");
  add(gpuNodes, DeviceKind::Gpu, 1, 8, 96000, std::uint64_t{1024} * 1024, "gpu-");
  add(tpuNodes, DeviceKind::Tpu, 2, 4, 48000, std::uint64_t{512} * 1024, "tpu-");
  return t;
}

std::vector<SimJob> syntheticJobs(const Topology& topology, std::uint64_t count, std::uint64_t seed, double load) {
  SplitMix rng(seed);
  std::vector<SimJob> jobs;
  resizeOnHugePages(jobs, count);
  std::array<double, kDeviceKindCount> demand{};  // milli-seconds of primary resource
  for (std::uint64_t i = 0; i < count; ++i) {
    SimJob& j = jobs[i];
    JobRequests& r = j.spec.requests;
    const double pick = rng.uniform();
    const double runtime = rng.uniform() < 0.8 ? rng.exponential(60.0) : rng.exponential(1800.0);
    j.runtimeS = std::max(1.0, std::round(runtime));
    if (pick < 0.6) {
      static constexpr std::array kCpu{2000u, 4000u, 8000u, 16000u, 32000u};
      static constexpr std::array kKinds{JobKind::Service, JobKind::Batch, JobKind::Realtime};
      static constexpr std::array kClass{PriorityClass::Middle, PriorityClass::Low, PriorityClass::High};
      const std::uint32_t which = rng.below(3);
      j.spec.kind = kKinds[which];
      j.spec.priority = kClass[which];
      r.cpuMilli = kCpu[rng.below(kCpu.size())];
      r.memoryMib = std::uint64_t{1024} * (1u + rng.below(32));
      demand[index(DeviceKind::Cpu)] += r.cpuMilli * j.runtimeS;
    } else if (pick < 0.95) {
      j.spec.kind = JobKind::Training;
      j.spec.priority = PriorityClass::Low;
      r.cpuMilli = 4000;
      r.memoryMib = std::uint64_t{16} * 1024;
      if (rng.uniform() < 1.0 / 3.0) {
        r.gpuMilli = 250u * (1u + rng.below(3));
      } else {
        static constexpr std::array kGpus{1u, 1u, 2u, 4u, 8u};
        r.gpuCount = kGpus[rng.below(kGpus.size())];
      }
      demand[index(DeviceKind::Gpu)] += (r.gpuCount > 0 ? r.gpuCount * 1000.0 : r.gpuMilli) * j.runtimeS;
    } else {
      j.spec.kind = JobKind::Inference;
      j.spec.priority = PriorityClass::High;
      r.cpuMilli = 2000;
      r.memoryMib = std::uint64_t{8} * 1024;
      r.tpuCount = 1u << rng.below(3);
      demand[index(DeviceKind::Tpu)] += r.tpuCount * 1000.0 * j.runtimeS;
    }
    j.spec.interruptible = j.spec.priority == PriorityClass::Low;
    j.key = "t" + std::to_string(rng.below(1000));  // one of 1,000 tenants
  }
  std::array<double, kDeviceKindCount> capacity{};
  const CapacityState empty(topology);
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n)
    capacity[index(topology.nodes[n].kind)] += empty.nodeTotalMilli(n);
  double span = 1.0;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k)
    if (capacity[k] > 0) span = std::max(span, demand[k] / (capacity[k] * load));
  const double meanGap = span / static_cast<double>(std::max<std::uint64_t>(1, count));
  double t = 0.0;
  for (SimJob& j : jobs) {
    t += rng.exponential(meanGap);
    j.arrivalS = t;
  }
  return jobs;
}

std::vector<SimJob> syntheticBacklogJobs(const Topology& topology, std::uint64_t count, std::uint64_t seed,
                                         double baseLoad, double overload) {
  std::vector<SimJob> jobs = syntheticJobs(topology, count, seed, baseLoad);
  const std::uint64_t rushFrom = count * 3 / 10;
  const std::uint64_t rushTo = count * 7 / 10;
  double previous = 0.0;  // the original time of the job before
  double t = 0.0;
  for (std::uint64_t i = 0; i < count; ++i) {
    const double gap = jobs[i].arrivalS - previous;
    previous = jobs[i].arrivalS;
    t += i >= rushFrom && i < rushTo ? gap / overload : gap;
    jobs[i].arrivalS = t;
  }
  return jobs;
}

}  // namespace hetsched
