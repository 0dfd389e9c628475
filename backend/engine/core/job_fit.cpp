#include "job_fit.h"

#include "base/model/device_kind.h"
#include "capacity_state.h"
#include "node_fit.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace hetsched {

bool JobFit::fits(std::uint32_t node) {
  if (!m_state.isUp(node) || node == m_blocked) return false;
  if (!m_job->allowedModels.empty()) {
    const DeviceRange devices = m_state.primary(node);
    if (devices.count == 0) return false;
    const std::uint32_t model = m_topology.devices[devices.first].model;
    if (std::ranges::find(m_job->allowedModels, model) == m_job->allowedModels.end()) return false;
  }
  auto placement = fitOnNode(m_topology, m_state, m_spec->requests, node);
  if (!placement) return false;
  m_cached = std::move(*placement);
  m_cachedNode = node;
  return true;
}

bool JobFit::fitsOnDevice(std::uint32_t node, std::uint32_t localDevice) {
  // A scorer asks fits() first and then names the device: keep that answer.
  if (m_cachedNode != node && !fits(node)) return false;
  // Only a placement on one device can move (a share, or one whole GPU):
  // multi-device and CPU placements have no choice a scorer could have
  // made differently. A device that cannot hold it keeps the default.
  const DeviceRange devices = m_state.primary(node);
  if (m_topology.nodes[node].kind == DeviceKind::Cpu || m_cached.devices.size() != 1 || localDevice >= devices.count)
    return true;
  const std::uint32_t device = devices.first + localDevice;
  const std::uint32_t milli = m_cached.milli.front();
  if (m_state.freeMilli(device) < milli) return true;
  m_cached.devices.front() = device;
  return true;
}

Placement JobFit::take(std::uint32_t node) {
  if (m_cachedNode != node) (void)fits(node);
  m_cachedNode = kNone;
  return std::move(m_cached);
}

}  // namespace hetsched
