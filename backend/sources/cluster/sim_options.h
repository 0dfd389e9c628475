#pragma once

#include "base/model/device_model.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hetsched {

// A group of identical nodes: name prefix, how many, and what each holds.
struct NodeGroup {
  std::string namePrefix;
  std::uint32_t count = 0;
  std::string deviceModel;
  std::uint32_t devicesPerNode = 0;
  std::uint32_t cpuMilli = 0;
  std::uint64_t memoryMib = 0;
};

struct ClusterShape {
  std::string name = "simulated";
  std::vector<DeviceModel> models;  // beyond the built-in ones
  std::vector<NodeGroup> groups;
};

// The default simulated cluster: 336 devices across CPU, GPU and TPU nodes.
ClusterShape defaultClusterShape(std::uint32_t cpuNodes = 24, std::uint32_t gpuNodes = 28, std::uint32_t tpuNodes = 16);

struct SimOptions {
  ClusterShape shape = defaultClusterShape();
  std::uint64_t seed = 1;
  std::uint32_t agentPeriodMs = 3000;
  // Offered load per device kind the workload generator aims at.
  double targetLoad = 0.8;
  // Simulated time run through at start so the cluster opens busy.
  double warmupS = 6 * 3600.0;
  // Cluster-wide rate of node failures; a failed node returns after ~5 min.
  double nodeFailuresPerHour = 2.0;
  // Trace runtimes are clamped to this range to keep the live view moving.
  double minRuntimeS = 30.0;
  double maxRuntimeS = 6 * 3600.0;
  // How many finished jobs ListJobs can still report.
  std::size_t completedHistory = 10000;
};

}  // namespace hetsched
