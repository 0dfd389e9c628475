#include "node_table.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"
#include "node_report.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

constexpr std::uint64_t kMib = std::uint64_t{1024} * 1024;

std::uint64_t toMib(std::uint64_t bytes) { return bytes / kMib; }

float fraction(std::uint64_t used, std::uint64_t total) {
  return total == 0 ? 0.0f : static_cast<float>(std::min(1.0, static_cast<double>(used) / static_cast<double>(total)));
}

}  // namespace

NodeTable::NodeTable(std::string clusterName, std::string source, std::uint32_t agentPeriodMs) {
  m_topology.clusterName = std::move(clusterName);
  m_topology.source = std::move(source);
  m_topology.agentPeriodMs = agentPeriodMs;
  m_topology.version = 1;
  m_frame.topologyVersion = 1;
}

std::vector<DeviceReport> NodeTable::rowsOf(const NodeReport& report) {
  if (!report.devices.empty()) return report.devices;
  // The seed's bare report (NodeID, CPUUsage, MemoryFree) is one CPU row.
  DeviceReport cpu;
  cpu.kind = DeviceKind::Cpu;
  cpu.model = "CPU";
  cpu.utilization = report.cpuUsage;
  cpu.memoryTotalBytes = report.memoryTotalBytes;
  cpu.memoryUsedBytes = report.memoryTotalBytes - std::min(report.memoryFreeBytes, report.memoryTotalBytes);
  return {cpu};
}

bool NodeTable::sameShape(const std::vector<DeviceReport>& a, const std::vector<DeviceReport>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const DeviceReport& x, const DeviceReport& y) {
    return x.kind == y.kind && x.model == y.model && toMib(x.memoryTotalBytes) == toMib(y.memoryTotalBytes) &&
           x.cores == y.cores;
  });
}

void NodeTable::put(NodeReport report) {
  auto rows = rowsOf(report);
  const auto it = m_index.find(report.nodeId);
  if (it == m_index.end()) {
    m_index.emplace(report.nodeId, m_nodes.size());
    m_nodes.push_back({std::move(report), std::move(rows), true});
    m_shapeChanged = true;
    return;
  }
  Entry& e = m_nodes[it->second];
  if (!sameShape(e.devices, rows)) m_shapeChanged = true;
  e.latest = std::move(report);
  e.devices = std::move(rows);
}

void NodeTable::setUp(const std::string& nodeId, bool up) {
  if (const auto it = m_index.find(nodeId); it != m_index.end()) m_nodes[it->second].up = up;
}

void NodeTable::putReading(std::vector<NodeReport> reports, std::span<const std::pair<std::string, bool>> up) {
  std::set<std::string> seen;
  for (NodeReport& r : reports) {
    seen.insert(r.nodeId);
    put(std::move(r));
  }
  for (const auto& [node, isUp] : up) setUp(node, isUp);
  for (Entry& e : m_nodes) {
    if (!seen.contains(e.latest.nodeId)) e.up = false;
  }
}

void NodeTable::rebuildTopology() {
  m_topology.models.clear();
  m_topology.nodes.clear();
  m_topology.devices.clear();
  std::map<std::tuple<DeviceKind, std::string, std::uint64_t, std::uint32_t>, std::uint32_t> models;
  for (std::size_t n = 0; n < m_nodes.size(); ++n) {
    const Entry& e = m_nodes[n];
    NodeInfo node;
    node.name = e.latest.nodeId;
    node.firstDevice = static_cast<std::uint32_t>(m_topology.devices.size());
    node.deviceCount = static_cast<std::uint32_t>(e.devices.size());
    node.memoryMib = toMib(e.latest.memoryTotalBytes);
    const auto has = [&](DeviceKind k) {
      return std::any_of(e.devices.begin(), e.devices.end(), [k](const DeviceReport& d) { return d.kind == k; });
    };
    node.kind = has(DeviceKind::Gpu) ? DeviceKind::Gpu : has(DeviceKind::Tpu) ? DeviceKind::Tpu : DeviceKind::Cpu;
    for (std::size_t slot = 0; slot < e.devices.size(); ++slot) {
      const DeviceReport& d = e.devices[slot];
      if (d.kind == DeviceKind::Cpu) node.cpuMilli += d.cores * 1000;
      const auto key = std::make_tuple(d.kind, d.model, toMib(d.memoryTotalBytes), d.cores);
      auto [it, added] = models.emplace(key, static_cast<std::uint32_t>(m_topology.models.size()));
      if (added) {
        DeviceModel m;
        m.name = d.model;
        m.kind = d.kind;
        m.memoryMib = toMib(d.memoryTotalBytes);
        m.cores = d.cores;
        m_topology.models.push_back(std::move(m));
      }
      m_topology.devices.push_back({static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(slot), it->second});
    }
    m_topology.nodes.push_back(std::move(node));
  }
  ++m_topology.version;
}

void NodeTable::assemble(std::int64_t wallTimeMs) {
  if (m_shapeChanged) {
    rebuildTopology();
    m_shapeChanged = false;
  }
  if (m_startMs < 0) m_startMs = wallTimeMs;
  m_frame.resize(m_topology.devices.size(), m_topology.nodes.size());
  m_frame.topologyVersion = m_topology.version;
  ++m_frame.sequence;
  m_frame.simTimeMs = wallTimeMs - m_startMs;
  m_frame.wallTimeMs = wallTimeMs;
  for (std::size_t n = 0; n < m_nodes.size(); ++n) {
    const Entry& e = m_nodes[n];
    const NodeInfo& node = m_topology.nodes[n];
    m_frame.nodeUp[n] = e.up ? 1 : 0;
    for (std::size_t slot = 0; slot < e.devices.size(); ++slot) {
      const DeviceReport& d = e.devices[slot];
      const std::size_t i = node.firstDevice + slot;
      m_frame.utilization[i] = static_cast<float>(d.utilization);
      m_frame.memoryUsed[i] = fraction(d.memoryUsedBytes, d.memoryTotalBytes);
      m_frame.powerWatts[i] = static_cast<float>(d.powerWatts);
      m_frame.temperatureC[i] = static_cast<float>(d.temperatureC);
      m_frame.job[i] = 0;
    }
  }
}

}  // namespace hetsched
