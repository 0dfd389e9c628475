#include "capacity_state.h"

namespace hetsched {

std::uint32_t deviceCapacityMilli(const DeviceModel& model) {
  return model.kind == DeviceKind::Cpu ? model.cores * 1000 : 1000;
}

CapacityState::CapacityState(const Topology& topology)
    : m_capacity(topology.devices.size()),
      m_free(topology.devices.size()),
      m_nodeFreeMilli(topology.nodes.size()),
      m_nodeTotalMilli(topology.nodes.size()),
      m_hostFreeCpu(topology.nodes.size()),
      m_freeMemory(topology.nodes.size()),
      m_up(topology.nodes.size(), 1),
      m_deviceNode(topology.devices.size()) {
  for (std::size_t d = 0; d < topology.devices.size(); ++d) {
    m_capacity[d] = m_free[d] = deviceCapacityMilli(topology.modelOf(d));
    m_deviceNode[d] = topology.devices[d].node;
    m_nodeTotalMilli[m_deviceNode[d]] += m_capacity[d];
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
}

void CapacityState::release(const Placement& p) {
  for (std::size_t i = 0; i < p.devices.size(); ++i) {
    m_free[p.devices[i]] += p.milli[i];
    m_nodeFreeMilli[p.node] += p.milli[i];
  }
  m_hostFreeCpu[p.node] += p.hostCpuMilli;
  m_freeMemory[p.node] += p.memoryMib;
}

}  // namespace hetsched
