#include "topology.h"

#include <algorithm>

namespace hetsched {

std::size_t Topology::deviceCount(DeviceKind kind) const {
  std::size_t count = 0;
  for (const NodeInfo& node : nodes) {
    if (node.kind == kind) count += node.deviceCount;
  }
  return count;
}

std::uint32_t Topology::maxDevicesPerNode() const {
  std::uint32_t most = 0;
  for (const NodeInfo& node : nodes) most = std::max(most, node.deviceCount);
  return most;
}

}  // namespace hetsched
