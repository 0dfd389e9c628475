#pragma once

#include "base/model/device_kind.h"
#include "engine/sched/job_validation.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

// One device row of a node's report: a CPU socket (or core group), a GPU or
// an accelerator.
struct DeviceReport {
  DeviceKind kind = DeviceKind::Cpu;
  std::string model;
  double utilization = 0.0;  // 0..1
  std::uint64_t memoryTotalBytes = 0;
  std::uint64_t memoryUsedBytes = 0;
  double powerWatts = 0.0;
  double temperatureC = 0.0;
  std::uint32_t cores = 0;
};

// The seed's ResourceMetrics (§4.1) as the engine sees it, whoever measured
// it: this host's /proc, a node agent, or Prometheus.
struct NodeReport {
  std::string nodeId;
  double cpuUsage = 0.0;  // 0..1
  std::uint64_t memoryFreeBytes = 0;
  std::uint64_t memoryTotalBytes = 0;
  std::int64_t timestampMs = 0;
  std::vector<DeviceReport> devices;
  std::uint64_t netRxBytes = 0;
  std::uint64_t netTxBytes = 0;
  std::uint32_t periodMs = 0;
};

// Bounds on what a node may claim; past them a report is malformed, not big.
struct ReportLimits {
  std::size_t maxNodeIdLength = 253;  // a DNS name
  std::size_t maxModelLength = 128;
  std::size_t maxDevices = 256;
  double maxPowerWatts = 10'000.0;
};

// The first problem with a report, with the field named as on the wire
// (e.g. "devices[3].utilization").
std::optional<FieldError> validateNodeReport(const NodeReport& report, const ReportLimits& limits = {});

}  // namespace hetsched
