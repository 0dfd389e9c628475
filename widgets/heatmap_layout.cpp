#include "heatmap_layout.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace hetsched {

void HeatmapLayout::rebuild(const Topology& topology) {
  m_rowNode.clear();
  m_groups.clear();
  m_nodeRow.assign(topology.nodes.size(), -1);
  m_rowNode.reserve(topology.nodes.size());
  for (const DeviceKind kind : kDeviceKinds) {
    Group group{kind, static_cast<int>(m_rowNode.size()), 0};
    for (std::size_t node = 0; node < topology.nodes.size(); ++node) {
      if (topology.nodes[node].kind != kind) continue;
      m_nodeRow[node] = static_cast<int>(m_rowNode.size());
      m_rowNode.push_back(static_cast<std::uint32_t>(node));
      ++group.rowCount;
    }
    if (group.rowCount > 0) m_groups.push_back(group);
  }
  m_deviceRow.resize(topology.devices.size());
  for (std::size_t device = 0; device < topology.devices.size(); ++device)
    m_deviceRow[device] = m_nodeRow[topology.devices[device].node];
  m_columns = static_cast<int>(topology.maxDevicesPerNode());
}

std::optional<int> HeatmapLayout::deviceAt(const Topology& topology, int row, int slot) const {
  if (row < 0 || row >= rowCount() || slot < 0) return std::nullopt;
  const NodeInfo& node = topology.nodes[nodeOfRow(row)];
  if (static_cast<std::uint32_t>(slot) >= node.deviceCount) return std::nullopt;
  return static_cast<int>(node.firstDevice) + slot;
}

}  // namespace hetsched
