#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// The distinct node shapes of a cluster per device kind (clusters have a
// handful), so "could this job ever run here" costs O(shapes), not O(nodes).
class NodeShapes {
 public:
  NodeShapes(const Topology& topology, const CapacityState& emptyState);
  bool canEverFit(const JobRequests& requests, DeviceKind kind, std::span<const std::uint32_t> allowedModels) const;

 private:
  struct Shape {
    std::uint32_t cpuMilli;
    std::uint64_t memoryMib;
    std::uint32_t devices;
    std::uint32_t perDeviceMilli;
    std::uint32_t totalMilli;
    std::uint32_t model;
    bool operator==(const Shape&) const = default;
  };
  std::array<std::vector<Shape>, kDeviceKindCount> m_shapes;
};

}  // namespace hetsched
