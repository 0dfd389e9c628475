#pragma once

#include "device_kind.h"
#include "device_model.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

struct NodeInfo {
  std::string name;
  DeviceKind kind = DeviceKind::Cpu;
  std::uint32_t firstDevice = 0;
  std::uint32_t deviceCount = 0;
  std::uint32_t cpuMilli = 0;
  std::uint64_t memoryMib = 0;

  bool operator==(const NodeInfo&) const = default;
};

struct DeviceInfo {
  std::uint32_t node = 0;
  std::uint32_t slot = 0;
  std::uint32_t model = 0;

  bool operator==(const DeviceInfo&) const = default;
};

// The slowly changing shape of a cluster: models, nodes and their devices.
// Devices of one node are contiguous, so per-device columns in a Frame can be
// sliced per node without lookups.
struct Topology {
  std::uint64_t version = 0;
  std::string clusterName;
  std::string source;
  std::vector<DeviceModel> models;
  std::vector<NodeInfo> nodes;
  std::vector<DeviceInfo> devices;
  std::uint32_t agentPeriodMs = 3000;

  const DeviceModel& modelOf(std::size_t device) const { return models[devices[device].model]; }
  DeviceKind kindOf(std::size_t device) const { return modelOf(device).kind; }
  std::size_t deviceCount(DeviceKind kind) const;
  std::uint32_t maxDevicesPerNode() const;

  bool operator==(const Topology&) const = default;
};

// What makes a topology read from outside (the wire, a snapshot file) unsafe
// to index: a kind outside the enum, a node whose devices run past the list,
// a device naming a node or model that does not exist. "FIELD: problem", or
// nothing when it is sound.
std::optional<std::string> topologyProblem(const Topology& topology);

}  // namespace hetsched
