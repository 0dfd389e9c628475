#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace hetsched {

// The rows of the queue timeline: the queue lane on top, then per device kind
// a header row and per node a header row followed by its device rows. A
// collapsed node (or kind) keeps only its header, which then carries every
// segment of its devices as a summary row.
class TimelineLayout {
 public:
  enum class RowType : std::uint8_t { Queue, Kind, Node, Device };
  struct Row {
    RowType type = RowType::Queue;
    DeviceKind kind = DeviceKind::Cpu;
    std::int32_t node = -1;
    std::int32_t device = -1;
    bool collapsed = false;  // Kind/Node rows: summarising what they hide
    int top = 0;             // pixels from the first row's top
    int height = 0;
  };

  static constexpr int kRowHeight = 18;
  // A folded node's row stripes its devices, so it gets a little more room.
  static constexpr int kFoldedNodeHeight = 22;
  static constexpr int kQueueLanes = 4;
  static constexpr int kQueueLaneHeight = 9;

  void rebuild(const Topology& topology);
  // With every node collapsed or none: laid out once, in that state.
  void rebuild(std::shared_ptr<const Topology> topology, bool nodesCollapsed = false);
  void setNodeCollapsed(std::uint32_t node, bool collapsed);
  void setKindCollapsed(DeviceKind kind, bool collapsed);
  void setAllNodesCollapsed(bool collapsed);

  const std::vector<Row>& rows() const { return m_rows; }
  int totalHeight() const { return m_rows.empty() ? 0 : m_rows.back().top + m_rows.back().height; }
  // The row a device's segments are drawn in (its own, its node's or its
  // kind's summary); -1 for devices outside the topology, 0 (the queue lane)
  // for device -1.
  int rowOfDevice(std::int32_t device) const;
  // The row under a y offset from the first row's top, or -1.
  int rowAt(int y) const;
  const Topology& topology() const { return *m_topology; }

 private:
  void layoutRows();
  // The layout's rules, walked once per use: `add(row)` for each row in
  // order (it returns the row's index), `place(device, row)` for the row
  // each device's segments go to.
  template <class Add, class Place>
  void walkRows(Add&& add, Place&& place) const;

  // Shared with the views: at 1,000,000 devices a copy is 25 MB. Never null.
  std::shared_ptr<const Topology> m_topology = std::make_shared<const Topology>();
  std::vector<std::uint8_t> m_nodeCollapsed;
  std::array<bool, kDeviceKindCount> m_kindCollapsed{};
  std::vector<Row> m_rows;
  std::vector<std::int32_t> m_deviceRow;
};

}  // namespace hetsched
