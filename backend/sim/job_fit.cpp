#include "job_fit.h"

#include <algorithm>

namespace hetsched {

bool JobFit::fits(std::uint32_t node) {
  const NodeInfo& info = m_topology.nodes[node];
  if (!m_job->allowedModels.empty()) {
    if (info.deviceCount == 0) return false;
    const std::uint32_t model = m_topology.devices[info.firstDevice].model;
    if (std::ranges::find(m_job->allowedModels, model) == m_job->allowedModels.end()) return false;
  }
  auto placement = m_placer.fitOnNode(m_state, *m_spec, node);
  if (!placement) return false;
  m_cached = std::move(*placement);
  m_cachedNode = node;
  return true;
}

bool JobFit::fitsOnDevice(std::uint32_t node, std::uint32_t localDevice) {
  if (!fits(node)) return false;
  // Only a share of one device can move: whole-device and CPU placements
  // have no choice the scorer could have made differently.
  const NodeInfo& info = m_topology.nodes[node];
  if (m_cached.devices.size() != 1 || localDevice >= info.deviceCount) return true;
  const std::uint32_t device = info.firstDevice + localDevice;
  const std::uint32_t milli = m_cached.milli.front();
  if (milli >= m_state.capacityMilli(device) || m_state.freeMilli(device) < milli) return true;
  m_cached.devices.front() = device;
  return true;
}

Placement JobFit::take(std::uint32_t node) {
  if (m_cachedNode != node) (void)fits(node);
  m_cachedNode = kNone;
  return std::move(m_cached);
}

}  // namespace hetsched
