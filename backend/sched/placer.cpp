#include "placer.h"

#include <algorithm>
#include <numeric>

namespace hetsched {

Placer::Placer(const Topology& topology, RoutingTable routing, NodeScoreWeights weights)
    : m_topology(topology), m_routing(routing), m_weights(weights) {}

std::optional<Placement> Placer::place(const CapacityState& state, const JobSpec& spec) const {
  const DeviceKind kind = m_routing.route(spec.kind);
  const double weight = taskWeight(spec.priority);
  std::optional<Placement> best;
  double bestScore = 0.0;
  for (std::uint32_t n = 0; n < m_topology.nodes.size(); ++n) {
    if (m_topology.nodes[n].kind != kind || !state.isUp(n)) continue;
    if (state.nodeFreeMilli(n) == 0) continue;
    const double score =
        nodeScore(m_weights, weight, state.nodeFreeMilli(n), state.nodeTotalMilli(n));
    if (best && score <= bestScore) continue;
    if (auto p = fitOnNode(state, spec, n)) {
      best = std::move(p);
      bestScore = score;
    }
  }
  return best;
}

std::optional<Placement> Placer::fitOnNode(const CapacityState& state, const JobSpec& spec,
                                           std::uint32_t n) const {
  const NodeInfo& node = m_topology.nodes[n];
  const JobRequests& r = spec.requests;
  if (r.memoryMib > state.freeMemory(n)) return std::nullopt;
  Placement p;
  p.node = n;
  p.memoryMib = r.memoryMib;
  const std::uint32_t first = node.firstDevice;
  const std::uint32_t last = node.firstDevice + node.deviceCount;

  if (node.kind == DeviceKind::Cpu) {
    // Sockets fill one at a time, the fullest that still fits first, so that
    // whole sockets stay free for large requests.
    if (r.cpuMilli > state.nodeFreeMilli(n)) return std::nullopt;
    std::vector<std::uint32_t> order(node.deviceCount);
    std::iota(order.begin(), order.end(), first);
    std::ranges::sort(order, {}, [&](std::uint32_t d) { return state.freeMilli(d); });
    const auto single = std::ranges::find_if(order, [&](std::uint32_t d) { return state.freeMilli(d) >= r.cpuMilli; });
    if (single != order.end()) {
      p.devices = {*single};
      p.milli = {r.cpuMilli};
      return p;
    }
    std::uint32_t left = r.cpuMilli;
    for (auto it = order.rbegin(); it != order.rend() && left > 0; ++it) {
      const std::uint32_t take = std::min(left, state.freeMilli(*it));
      if (take == 0) continue;
      p.devices.push_back(*it);
      p.milli.push_back(take);
      left -= take;
    }
    return p;
  }

  if (r.cpuMilli > state.hostFreeCpu(n)) return std::nullopt;
  p.hostCpuMilli = r.cpuMilli;
  const std::uint32_t whole = node.kind == DeviceKind::Gpu ? r.gpuCount : r.tpuCount;
  if (node.kind == DeviceKind::Gpu && whole == 0) {
    // A GPU share goes to the busiest GPU it fits on (best fit), keeping
    // whole GPUs free for whole-GPU jobs.
    std::optional<std::uint32_t> chosen;
    for (std::uint32_t d = first; d < last; ++d) {
      if (state.freeMilli(d) < r.gpuMilli) continue;
      if (!chosen || state.freeMilli(d) < state.freeMilli(*chosen)) chosen = d;
    }
    if (!chosen) return std::nullopt;
    p.devices = {*chosen};
    p.milli = {r.gpuMilli};
    return p;
  }
  for (std::uint32_t d = first; d < last && p.devices.size() < whole; ++d) {
    if (state.freeMilli(d) == state.capacityMilli(d)) {
      p.devices.push_back(d);
      p.milli.push_back(state.capacityMilli(d));
    }
  }
  if (p.devices.size() < whole) return std::nullopt;
  return p;
}

bool Placer::canEverFit(const JobSpec& spec) const {
  const DeviceKind kind = m_routing.route(spec.kind);
  const JobRequests& r = spec.requests;
  for (std::uint32_t n = 0; n < m_topology.nodes.size(); ++n) {
    const NodeInfo& node = m_topology.nodes[n];
    if (node.kind != kind || r.memoryMib > node.memoryMib) continue;
    std::uint32_t total = 0;
    std::uint32_t perDevice = 0;
    for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount; ++d) {
      perDevice = deviceCapacityMilli(m_topology.modelOf(d));
      total += perDevice;
    }
    switch (kind) {
      case DeviceKind::Cpu:
        if (r.cpuMilli <= total) return true;
        break;
      case DeviceKind::Gpu:
        if (r.cpuMilli <= node.cpuMilli && r.gpuCount <= node.deviceCount && r.gpuMilli <= perDevice) return true;
        break;
      case DeviceKind::Tpu:
        if (r.cpuMilli <= node.cpuMilli && r.tpuCount <= node.deviceCount) return true;
        break;
    }
  }
  return false;
}

}  // namespace hetsched
