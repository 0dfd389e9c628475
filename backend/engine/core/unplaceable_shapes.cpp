#include "unplaceable_shapes.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace hetsched {

UnplaceableShapes::ShapeId UnplaceableShapes::intern(DeviceKind kind, const JobRequests& r,
                                                     std::span<const std::uint32_t> allowedModels) {
  std::vector<std::uint32_t> models(allowedModels.begin(), allowedModels.end());
  Key key{static_cast<std::uint8_t>(index(kind)), r.cpuMilli, r.memoryMib, r.gpuCount, r.gpuMilli, r.tpuCount, models};
  const auto [it, added] = m_ids.try_emplace(std::move(key), static_cast<ShapeId>(m_shapes.size()));
  if (added) {
    m_shapes.push_back({static_cast<std::uint8_t>(index(kind)), r, std::move(models)});
    m_marked.push_back(0);
    m_pending.push_back(0);
    for (auto& live : m_live) live.push_back(0);
  }
  return it->second;
}

void UnplaceableShapes::resetArms() {
  for (auto& live : m_live) std::ranges::fill(live, 0u);
  for (auto& unknown : m_unknown) unknown.fill(0);
}

void UnplaceableShapes::enter(std::size_t arm, std::size_t kind, ShapeId s) {
  if (s != kNone) ++m_live[arm][s];
  if (!fitsNowhere(s)) ++m_unknown[arm][kind];
}

void UnplaceableShapes::leave(std::size_t arm, std::size_t kind, ShapeId s) {
  if (s != kNone) --m_live[arm][s];
  if (!fitsNowhere(s)) --m_unknown[arm][kind];
}

void UnplaceableShapes::assign(std::size_t arm, std::size_t kind, ShapeId s) {
  ++m_live[arm][s];
  if (fitsNowhere(s)) --m_unknown[arm][kind];
}

std::uint32_t UnplaceableShapes::liveCount(ShapeId s) const {
  std::uint32_t n = 0;
  for (const auto& live : m_live) n += live[s];
  return n;
}

void UnplaceableShapes::mark(ShapeId s) {
  if (m_marked[s]) return;
  m_marked[s] = 1;
  const std::uint8_t kind = m_shapes[s].kind;
  if (m_pending[s]) {
    m_pending[s] = 0;
    std::erase(m_pendingOfKind[kind], s);
  }
  m_markedOfKind[kind].push_back(s);
  for (std::size_t a = 0; a < kMaxArms; ++a) m_unknown[a][kind] -= m_live[a][s];
}

void UnplaceableShapes::unmark(ShapeId s) {
  m_marked[s] = 0;
  const std::uint8_t kind = m_shapes[s].kind;
  for (std::size_t a = 0; a < kMaxArms; ++a) m_unknown[a][kind] += m_live[a][s];
}

UnplaceableShapes::Room UnplaceableShapes::roomOf(const Topology& topology, const CapacityState& state,
                                                  std::uint32_t node) {
  Room room;
  room.up = state.isUp(node);
  room.kind = topology.nodes[node].kind;
  const DeviceRange devices = state.primary(node);
  room.model = devices.count ? topology.devices[devices.first].model : kNone;
  room.memoryMib = state.freeMemory(node);
  room.cpuMilli = room.kind == DeviceKind::Cpu ? state.nodeFreeMilli(node) : state.hostFreeCpu(node);
  for (std::uint32_t d = devices.first; d < devices.first + devices.count; ++d) {
    room.mostFreeMilli = std::max(room.mostFreeMilli, state.freeMilli(d));
    room.wholeFree += state.freeMilli(d) == state.capacityMilli(d) ? 1 : 0;
  }
  return room;
}

// What JobFit::fits accepts (acceleratorsFit for the devices), without
// building the placement.
bool UnplaceableShapes::fitsOn(const Shape& shape, const Room& room) {
  if (!room.up) return false;
  if (!shape.models.empty() && std::ranges::find(shape.models, room.model) == shape.models.end()) return false;
  const JobRequests& r = shape.requests;
  if (r.memoryMib > room.memoryMib || r.cpuMilli > room.cpuMilli) return false;
  switch (room.kind) {
    case DeviceKind::Cpu: return true;
    case DeviceKind::Gpu:
      if (r.gpuCount == 0) return room.mostFreeMilli >= r.gpuMilli;
      return room.wholeFree >= r.gpuCount;
    case DeviceKind::Tpu: return room.wholeFree >= r.tpuCount;
  }
  return false;
}

void UnplaceableShapes::grew(const Topology& topology, const CapacityState& state, std::uint32_t node) {
  const std::size_t kind = index(topology.nodes[node].kind);
  auto& marked = m_markedOfKind[kind];
  auto& pending = m_pendingOfKind[kind];
  auto& grown = m_grown[kind];
  // Pending shapes may now fit here too; with too many grown nodes to ask,
  // they are only unknown.
  if (!pending.empty()) {
    if (std::ranges::find(grown, node) == grown.end()) grown.push_back(node);
    if (grown.size() > kMaxGrown) {
      for (const ShapeId s : pending) m_pending[s] = 0;
      pending.clear();
      grown.clear();
    }
  }
  if (marked.empty()) return;
  if (marked.size() > kMaxMarked) {
    for (const ShapeId s : marked) unmark(s);
    marked.clear();
    return;
  }
  // Shapes no waiting job has any more are dropped too: nothing asks.
  const Room room = roomOf(topology, state, node);
  std::erase_if(marked, [&](ShapeId s) {
    const bool live = liveCount(s) != 0;
    if (live && !fitsOn(m_shapes[s], room)) return false;
    unmark(s);
    if (live) {
      if (pending.empty()) grown.assign(1, node);
      m_pending[s] = 1;
      pending.push_back(s);
    }
    return true;
  });
}

void UnplaceableShapes::recheck(const Topology& topology, const CapacityState& state, std::size_t kind) {
  if (!m_shrank[kind]) return;
  m_shrank[kind] = false;
  auto& pending = m_pendingOfKind[kind];
  const auto& grown = m_grown[kind];
  m_grownRooms.clear();
  for (const std::uint32_t n : grown) m_grownRooms.push_back(roomOf(topology, state, n));
  // Marked here or dropped (no waiting job has it): either way no longer pending.
  std::vector<ShapeId> again;
  std::erase_if(pending, [&](ShapeId s) {
    if (liveCount(s) != 0 &&
        std::ranges::any_of(m_grownRooms, [&](const Room& room) { return fitsOn(m_shapes[s], room); }))
      return false;
    m_pending[s] = 0;
    if (liveCount(s) != 0) again.push_back(s);
    return true;
  });
  for (const ShapeId s : again) mark(s);
  if (pending.empty()) m_grown[kind].clear();
}

}  // namespace hetsched
