#include "node_shapes.h"

#include <algorithm>

namespace hetsched {

NodeShapes::NodeShapes(const Topology& topology, const CapacityState& state) {
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    const NodeInfo& node = topology.nodes[n];
    if (node.deviceCount == 0) continue;
    const std::uint32_t first = node.firstDevice;
    const Shape shape{node.cpuMilli, node.memoryMib, node.deviceCount, state.capacityMilli(first),
                      state.nodeTotalMilli(n), topology.devices[first].model};
    auto& shapes = m_shapes[index(node.kind)];
    if (std::ranges::find(shapes, shape) == shapes.end()) shapes.push_back(shape);
  }
}

bool NodeShapes::canEverFit(const JobRequests& r, DeviceKind kind, std::span<const std::uint32_t> allowed) const {
  for (const Shape& s : m_shapes[index(kind)]) {
    if (r.memoryMib > s.memoryMib) continue;
    if (!allowed.empty() && std::ranges::find(allowed, s.model) == allowed.end()) continue;
    switch (kind) {
      case DeviceKind::Cpu:
        if (r.cpuMilli <= s.totalMilli) return true;
        break;
      case DeviceKind::Gpu:
        if (r.cpuMilli <= s.cpuMilli && r.gpuCount <= s.devices && r.gpuMilli <= s.perDeviceMilli) return true;
        break;
      case DeviceKind::Tpu:
        if (r.cpuMilli <= s.cpuMilli && r.tpuCount <= s.devices) return true;
        break;
    }
  }
  return false;
}

}  // namespace hetsched
