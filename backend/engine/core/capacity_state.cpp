#include "capacity_state.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"

#include <cstddef>
#include <cstdint>

namespace hetsched {

std::uint32_t deviceCapacityMilli(const DeviceModel& model) {
  return model.kind == DeviceKind::Cpu ? model.cores * 1000 : 1000;
}

DeviceRange primaryDevices(const Topology& topology, std::uint32_t n) {
  const NodeInfo& node = topology.nodes[n];
  DeviceRange range{node.firstDevice, 0};
  const std::uint32_t end = node.firstDevice + node.deviceCount;
  while (range.first < end && topology.kindOf(range.first) != node.kind) ++range.first;
  while (range.first + range.count < end && topology.kindOf(range.first + range.count) == node.kind) ++range.count;
  return range;
}

CapacityState::CapacityState(const Topology& topology)
    : m_capacity(topology.devices.size()),
      m_free(topology.devices.size()),
      m_nodeFreeMilli(topology.nodes.size()),
      m_nodeTotalMilli(topology.nodes.size()),
      m_hostFreeCpu(topology.nodes.size()),
      m_freeMemory(topology.nodes.size()),
      m_up(topology.nodes.size(), 1),
      m_primary(topology.nodes.size()),
      m_version(topology.nodes.size(), 0) {
  for (std::size_t d = 0; d < topology.devices.size(); ++d)
    m_capacity[d] = m_free[d] = deviceCapacityMilli(topology.modelOf(d));
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    m_primary[n] = primaryDevices(topology, n);
    for (std::uint32_t d = m_primary[n].first; d < m_primary[n].first + m_primary[n].count; ++d)
      m_nodeTotalMilli[n] += m_capacity[d];
  }
  for (std::size_t n = 0; n < topology.nodes.size(); ++n) {
    m_nodeFreeMilli[n] = m_nodeTotalMilli[n];
    // On CPU nodes the sockets are the CPU; accelerator nodes have host CPUs.
    m_hostFreeCpu[n] = topology.nodes[n].kind == DeviceKind::Cpu ? 0 : topology.nodes[n].cpuMilli;
    m_freeMemory[n] = topology.nodes[n].memoryMib;
  }
}

void CapacityState::allocate(const Placement& p) {
  for (std::size_t i = 0; i < p.devices.size(); ++i) {
    m_free[p.devices[i]] -= p.milli[i];
    m_nodeFreeMilli[p.node] -= p.milli[i];
  }
  m_hostFreeCpu[p.node] -= p.hostCpuMilli;
  m_freeMemory[p.node] -= p.memoryMib;
  ++m_version[p.node];
}

void CapacityState::release(const Placement& p) {
  for (std::size_t i = 0; i < p.devices.size(); ++i) {
    m_free[p.devices[i]] += p.milli[i];
    m_nodeFreeMilli[p.node] += p.milli[i];
  }
  m_hostFreeCpu[p.node] += p.hostCpuMilli;
  m_freeMemory[p.node] += p.memoryMib;
  ++m_version[p.node];
}

}  // namespace hetsched
