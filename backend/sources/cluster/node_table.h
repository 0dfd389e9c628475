#pragma once

#include "base/model/frame.h"
#include "base/model/topology.h"
#include "node_report.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hetsched {

// Turns per-node reports into the gateway's Topology and Frame. Reports are
// kept until assemble(), so topology and frame only ever change together
// (readers see one consistent pair). A node keeps its index from its first
// report on; a new node, or a node whose devices change, bumps the topology
// version. Nodes are never removed, only marked down.
class NodeTable {
 public:
  NodeTable(std::string clusterName, std::string source, std::uint32_t agentPeriodMs);

  // A later report of the same node before assemble() replaces this one.
  void put(NodeReport report);
  void setUp(const std::string& nodeId, bool up);
  bool contains(const std::string& nodeId) const { return m_index.contains(nodeId); }
  // One whole reading of an observed cluster (Prometheus, Kubernetes): each
  // report put, `up` applied, and a node the reading no longer reports
  // marked down (a deleted node stays: nodes never leave a topology).
  void putReading(std::vector<NodeReport> reports, std::span<const std::pair<std::string, bool>> up);
  void assemble(std::int64_t wallTimeMs);
  // Frames count time from `wallTimeMs` (default: the first assemble), so
  // that history from before the source started stays at or after zero.
  // The frame already assembled is re-timed too.
  void setEpoch(std::int64_t wallTimeMs) {
    m_startMs = wallTimeMs;
    if (m_frame.wallTimeMs != 0) m_frame.simTimeMs = m_frame.wallTimeMs - m_startMs;
  }

  const Topology& topology() const { return m_topology; }
  const Frame& frame() const { return m_frame; }

 private:
  struct Entry {
    NodeReport latest;
    std::vector<DeviceReport> devices;  // latest.devices, or one CPU row made from the node fields
    bool up = true;
  };
  static std::vector<DeviceReport> rowsOf(const NodeReport& report);
  static bool sameShape(const std::vector<DeviceReport>& a, const std::vector<DeviceReport>& b);
  void rebuildTopology();

  Topology m_topology;
  Frame m_frame;
  std::vector<Entry> m_nodes;
  std::unordered_map<std::string, std::size_t> m_index;
  bool m_shapeChanged = false;
  std::int64_t m_startMs = -1;
};

}  // namespace hetsched
