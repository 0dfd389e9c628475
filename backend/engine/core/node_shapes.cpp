#include "node_shapes.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"

#include <algorithm>
#include <cstdint>
#include <span>

namespace hetsched {

NodeShapes::NodeShapes(const Topology& topology, const CapacityState& state) {
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    const NodeInfo& node = topology.nodes[n];
    const DeviceRange devices = state.primary(n);
    if (devices.count == 0 && node.kind != DeviceKind::Gpu) continue;
    // A GPU node without GPUs still runs CPU-only pods on its host CPUs.
    const Shape shape{
        node.cpuMilli,           node.memoryMib,
        devices.count,           devices.count ? state.capacityMilli(devices.first) : 0,
        state.nodeTotalMilli(n), devices.count ? topology.devices[devices.first].model : ~std::uint32_t{0}};
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
