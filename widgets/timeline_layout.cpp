#include "timeline_layout.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

void TimelineLayout::rebuild(const Topology& topology) { rebuild(std::make_shared<const Topology>(topology)); }

void TimelineLayout::rebuild(std::shared_ptr<const Topology> topology, bool nodesCollapsed) {
  if (!topology) return;
  m_topology = std::move(topology);
  m_nodeCollapsed.assign(m_topology->nodes.size(), nodesCollapsed ? 1 : 0);
  layoutRows();
}

void TimelineLayout::setNodeCollapsed(std::uint32_t node, bool collapsed) {
  if (node >= m_nodeCollapsed.size()) return;
  m_nodeCollapsed[node] = collapsed ? 1 : 0;
  layoutRows();
}

void TimelineLayout::setKindCollapsed(DeviceKind kind, bool collapsed) {
  m_kindCollapsed[index(kind)] = collapsed;
  layoutRows();
}

void TimelineLayout::setAllNodesCollapsed(bool collapsed) {
  std::ranges::fill(m_nodeCollapsed, collapsed ? 1 : 0);
  layoutRows();
}

template <class Add, class Place>
void TimelineLayout::walkRows(Add&& add, Place&& place) const {
  add(Row{RowType::Queue, DeviceKind::Cpu, -1, -1, false, 0, kQueueLanes * kQueueLaneHeight + 2});
  const std::size_t devices = m_topology->devices.size();
  for (const DeviceKind kind : kDeviceKinds) {
    const bool kindCollapsed = m_kindCollapsed[index(kind)];
    bool any = false;
    std::int32_t kindRow = -1;
    for (std::size_t n = 0; n < m_topology->nodes.size(); ++n) {
      const NodeInfo& node = m_topology->nodes[n];
      if (node.kind != kind) continue;
      if (!any) kindRow = add(Row{RowType::Kind, kind, -1, -1, kindCollapsed});
      any = true;
      std::int32_t nodeRow = kindRow;
      const bool nodeCollapsed = m_nodeCollapsed[n] != 0;
      if (!kindCollapsed)
        nodeRow = add(Row{RowType::Node, kind, static_cast<std::int32_t>(n), -1, nodeCollapsed, 0,
                          nodeCollapsed ? kFoldedNodeHeight : kRowHeight});
      for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount && d < devices; ++d) {
        place(d, kindCollapsed || nodeCollapsed
                     ? nodeRow
                     : add(Row{RowType::Device, kind, static_cast<std::int32_t>(n), static_cast<std::int32_t>(d)}));
      }
    }
  }
}

void TimelineLayout::layoutRows() {
  // Counted first so the rows are allocated once: grown by doubling, 1.2
  // million rows (30 MB at 10^6 devices, all unfolded) were held up to
  // twice over, and old and new together while growing.
  std::int32_t count = 0;
  walkRows([&](const Row&) { return count++; }, [](std::uint32_t, std::int32_t) {});
  // Folding a large cluster must give back what its unfolded rows held.
  if (m_rows.capacity() > 2 * static_cast<std::size_t>(count)) m_rows = std::vector<Row>();
  m_rows.clear();
  m_rows.reserve(static_cast<std::size_t>(count));
  m_deviceRow.assign(m_topology->devices.size(), -1);
  int top = 0;
  walkRows(
      [&](Row row) {
        row.top = top;
        if (row.height == 0) row.height = kRowHeight;
        top += row.height;
        m_rows.push_back(row);
        return static_cast<std::int32_t>(m_rows.size() - 1);
      },
      [&](std::uint32_t device, std::int32_t row) { m_deviceRow[device] = row; });
}

int TimelineLayout::rowOfDevice(std::int32_t device) const {
  if (device < 0) return 0;
  if (static_cast<std::size_t>(device) >= m_deviceRow.size()) return -1;
  return m_deviceRow[static_cast<std::size_t>(device)];
}

int TimelineLayout::rowAt(int y) const {
  if (y < 0 || m_rows.empty() || y >= totalHeight()) return -1;
  const auto it = std::ranges::upper_bound(m_rows, y, {}, &Row::top);
  return static_cast<int>(it - m_rows.begin()) - 1;
}

}  // namespace hetsched
