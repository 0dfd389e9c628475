#include "host_report.h"

#include "base/model/device_kind.h"
#include "gpu_reading.h"
#include "host_sample.h"
#include "sources/cluster/node_report.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace hetsched {

NodeReport toNodeReport(const HostSample& s, const std::string& nodeId, std::int64_t wallTimeMs,
                        std::uint32_t periodMs) {
  NodeReport r;
  r.nodeId = nodeId;
  r.cpuUsage = s.cpuUsage;
  r.memoryFreeBytes = s.memory.availableBytes;
  r.memoryTotalBytes = s.memory.totalBytes;
  r.timestampMs = wallTimeMs;
  r.netRxBytes = s.netRxBytes;
  r.netTxBytes = s.netTxBytes;
  r.periodMs = periodMs;
  const std::uint64_t groups = s.cpuGroups.empty() ? 1 : s.cpuGroups.size();
  const std::uint64_t used = s.memory.totalBytes - s.memory.availableBytes;
  for (const CpuGroupReading& g : s.cpuGroups) {
    DeviceReport d;
    d.kind = DeviceKind::Cpu;
    d.model = s.cpuModel;
    d.utilization = g.utilization;
    d.memoryTotalBytes = s.memory.totalBytes / groups;
    d.memoryUsedBytes = used / groups;
    d.cores = g.cores;
    r.devices.push_back(std::move(d));
  }
  for (const GpuReading& g : s.gpus) {
    DeviceReport d;
    d.kind = DeviceKind::Gpu;
    d.model = g.name;
    d.utilization = g.utilization;
    d.memoryTotalBytes = g.memoryTotalBytes;
    d.memoryUsedBytes = std::min(g.memoryUsedBytes, g.memoryTotalBytes);
    d.powerWatts = g.powerWatts;
    d.temperatureC = g.temperatureC;
    // MIG travels in the rows (model/mig_layout.h): a GPU in MIG mode gives
    // its slices in cores, its instances follow it named by profile.
    d.cores = g.migSlices;
    r.devices.push_back(std::move(d));
  }
  for (const AcceleratorReading& a : s.accelerators) {
    DeviceReport d;
    d.kind = DeviceKind::Tpu;
    d.model = a.driver.empty() ? "accelerator" : a.driver;
    r.devices.push_back(std::move(d));
  }
  return r;
}

}  // namespace hetsched
