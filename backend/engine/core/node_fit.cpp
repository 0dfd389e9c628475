#include "node_fit.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <vector>

namespace hetsched {

namespace {

std::uint32_t wholeDevices(const JobRequests& r, DeviceKind kind) {
  return kind == DeviceKind::Gpu ? r.gpuCount : kind == DeviceKind::Tpu ? r.tpuCount : 0;
}

}  // namespace

bool acceleratorsFit(const Topology& topology, const CapacityState& state, const JobRequests& r, std::uint32_t n) {
  const NodeInfo& node = topology.nodes[n];
  if (node.kind == DeviceKind::Cpu) return true;
  const std::uint32_t first = state.primary(n).first;
  const std::uint32_t last = first + state.primary(n).count;
  const std::uint32_t whole = wholeDevices(r, node.kind);
  if (node.kind == DeviceKind::Gpu && whole == 0) {
    if (r.gpuMilli == 0) return true;
    for (std::uint32_t d = first; d < last; ++d)
      if (state.freeMilli(d) >= r.gpuMilli) return true;
    return false;
  }
  std::uint32_t free = 0;
  for (std::uint32_t d = first; d < last && free < whole; ++d)
    if (state.freeMilli(d) == state.capacityMilli(d)) ++free;
  return free >= whole;
}

std::optional<Placement> fitOnNode(const Topology& topology, const CapacityState& state, const JobRequests& r,
                                   std::uint32_t n) {
  const NodeInfo& node = topology.nodes[n];
  if (r.memoryMib > state.freeMemory(n)) return std::nullopt;
  Placement p;
  p.node = n;
  p.memoryMib = r.memoryMib;
  const std::uint32_t first = state.primary(n).first;
  const std::uint32_t last = first + state.primary(n).count;

  if (node.kind == DeviceKind::Cpu) {
    if (r.cpuMilli > state.nodeFreeMilli(n)) return std::nullopt;
    std::vector<std::uint32_t> order(last - first);
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
  const std::uint32_t whole = wholeDevices(r, node.kind);
  if (node.kind == DeviceKind::Gpu && whole == 0) {
    // A job with no GPU request on a GPU node (CPU pods on a GPU cluster,
    // as in the ATC'23 setting) takes host CPU and memory only.
    if (r.gpuMilli == 0) return p;
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

}  // namespace hetsched
