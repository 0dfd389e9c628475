#include "topology.h"

#include "device_kind.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace hetsched {

std::size_t Topology::deviceCount(DeviceKind kind) const {
  std::size_t count = 0;
  for (const NodeInfo& node : nodes) {
    if (node.kind == kind) count += node.deviceCount;
  }
  return count;
}

std::optional<std::string> topologyProblem(const Topology& t) {
  const auto known = [](DeviceKind kind) { return static_cast<std::size_t>(kind) < kDeviceKindCount; };
  for (std::size_t i = 0; i < t.models.size(); ++i) {
    if (!known(t.models[i].kind))
      return "models[" + std::to_string(i) + "].kind: " + std::to_string(static_cast<int>(t.models[i].kind)) +
             " is not a device kind";
  }
  for (std::size_t i = 0; i < t.nodes.size(); ++i) {
    const NodeInfo& n = t.nodes[i];
    const std::string path = "nodes[" + std::to_string(i) + "]";
    if (!known(n.kind)) return path + ".kind: " + std::to_string(static_cast<int>(n.kind)) + " is not a device kind";
    if (std::uint64_t{n.firstDevice} + n.deviceCount > t.devices.size())
      return path + ".device_count: runs past the device list";
  }
  for (std::size_t i = 0; i < t.devices.size(); ++i) {
    if (t.devices[i].node >= t.nodes.size() || t.devices[i].model >= t.models.size())
      return "devices[" + std::to_string(i) + "]: refers to a missing node or model";
  }
  return std::nullopt;
}

std::uint32_t Topology::maxDevicesPerNode() const {
  std::uint32_t most = 0;
  for (const NodeInfo& node : nodes) most = std::max(most, node.deviceCount);
  return most;
}

}  // namespace hetsched
