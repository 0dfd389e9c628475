#include "gpu_allocation.h"

#include "device_kind.h"
#include "device_model.h"
#include "job.h"
#include "topology.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

namespace {

// The scheduling core's measure of a device (its deviceCapacityMilli, which
// lives with the core's capacity state, out of this layer's reach): a CPU
// socket offers its cores x 1000, an accelerator 1000.
std::uint32_t capacityOf(const DeviceModel& model) { return model.kind == DeviceKind::Cpu ? model.cores * 1000 : 1000; }

// What a running job holds of one of its devices.
std::uint32_t shareOf(const Job& job, DeviceKind kind, std::uint32_t capacity) {
  const JobRequests& r = job.spec.requests;
  switch (kind) {
    case DeviceKind::Gpu: return r.gpuCount == 0 && r.gpuMilli > 0 ? std::min(r.gpuMilli, capacity) : capacity;
    case DeviceKind::Tpu: return capacity;
    case DeviceKind::Cpu: {
      const auto sockets = static_cast<std::uint32_t>(job.devices.size());
      return std::min(capacity, (r.cpuMilli + sockets - 1) / sockets);
    }
  }
  return capacity;
}

}  // namespace

GpuAllocation GpuAllocation::fromJobs(const Topology& topology, std::span<const Job> jobs) {
  GpuAllocation a;
  const std::size_t devices = topology.devices.size();
  a.m_capacity.resize(devices);
  for (std::size_t d = 0; d < devices; ++d) a.m_capacity[d] = capacityOf(topology.modelOf(d));
  a.m_allocated.assign(devices, 0);
  // Two passes (count, then fill) keep every device's shares contiguous
  // without a vector per device: 100,000 devices stay one allocation.
  std::vector<std::size_t> count(devices + 1, 0);
  const auto holds = [devices](const Job& job, std::uint32_t d) {
    return job.state == JobState::Running && d < devices;
  };
  for (const Job& job : jobs)
    for (const std::uint32_t d : job.devices)
      if (holds(job, d)) ++count[d + 1];
  for (std::size_t d = 0; d < devices; ++d) count[d + 1] += count[d];
  a.m_offset = count;
  a.m_shares.resize(count[devices]);
  for (const Job& job : jobs) {
    for (const std::uint32_t d : job.devices) {
      if (!holds(job, d)) continue;
      const std::uint32_t milli = shareOf(job, topology.kindOf(d), a.m_capacity[d]);
      a.m_shares[count[d]++] = {job.id, milli};
      a.m_allocated[d] += milli;
    }
  }
  a.m_fraction.resize(devices);
  for (std::size_t d = 0; d < devices; ++d) {
    auto begin = a.m_shares.begin() + static_cast<std::ptrdiff_t>(a.m_offset[d]);
    auto end = a.m_shares.begin() + static_cast<std::ptrdiff_t>(a.m_offset[d + 1]);
    std::sort(begin, end, [](const DeviceShare& x, const DeviceShare& y) {
      return x.milli != y.milli ? x.milli > y.milli : x.job < y.job;
    });
    a.m_fraction[d] =
        a.m_capacity[d] > 0 ? static_cast<float>(a.m_allocated[d]) / static_cast<float>(a.m_capacity[d]) : 0.0f;
  }
  return a;
}

bool GpuAllocation::isShared(std::size_t device) const {
  return jobCount(device) > 1 || (jobCount(device) == 1 && m_allocated[device] < m_capacity[device]);
}

}  // namespace hetsched
