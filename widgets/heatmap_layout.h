#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hetsched {

// Where each node and device sits in the heatmap grid: one row per node,
// rows grouped CPU, GPU, TPU (topology order within a group), one column per
// device slot. Computed once per topology so a frame update is a plain loop.
class HeatmapLayout {
 public:
  struct Group {
    DeviceKind kind = DeviceKind::Cpu;
    int firstRow = 0;
    int rowCount = 0;
  };

  void rebuild(const Topology& topology);

  int rowCount() const { return static_cast<int>(m_rowNode.size()); }
  int columnCount() const { return m_columns; }
  const std::vector<Group>& groups() const { return m_groups; }

  int rowOfNode(std::size_t node) const { return m_nodeRow[node]; }
  std::uint32_t nodeOfRow(int row) const { return m_rowNode[static_cast<std::size_t>(row)]; }
  int rowOfDevice(std::size_t device) const { return m_deviceRow[device]; }

  // The device in a cell, or nothing for a slot the node does not have.
  std::optional<int> deviceAt(const Topology& topology, int row, int slot) const;

 private:
  std::vector<std::uint32_t> m_rowNode;
  std::vector<int> m_nodeRow;
  std::vector<int> m_deviceRow;
  std::vector<Group> m_groups;
  int m_columns = 0;
};

}  // namespace hetsched
