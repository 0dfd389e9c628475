#pragma once

#include "gpu_reading.h"
#include "meminfo.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hetsched {

// The cores of one CPU package (socket) and their busy share since the
// previous sample.
struct CpuGroupReading {
  int package = 0;
  std::uint32_t cores = 0;  // logical cpus online in the package
  double utilization = 0.0;
};

// An accelerator the kernel's accel subsystem exposes (/dev/accel/accelN,
// /sys/class/accel/accelN); the kernel reports presence, not load.
struct AcceleratorReading {
  std::string name;    // "accel0"
  std::string driver;  // e.g. "intel_vpu", empty when unknown
};

// Everything one read of the host gives.
struct HostSample {
  std::string cpuModel;
  double cpuUsage = 0.0;  // all cores
  std::vector<CpuGroupReading> cpuGroups;
  MemInfo memory;
  std::uint64_t netRxBytes = 0;  // all interfaces except loopback
  std::uint64_t netTxBytes = 0;
  std::vector<GpuReading> gpus;
  std::vector<AcceleratorReading> accelerators;
};

}  // namespace hetsched
