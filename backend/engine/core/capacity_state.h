#pragma once

#include "base/model/device_model.h"
#include "base/model/topology.h"
#include "small_vector.h"

#include <cstdint>
#include <vector>

namespace hetsched {

// Where a job runs: a node and, per device it uses, how many milli-units of
// that device (CPU sockets: core milli; GPUs/TPUs: 1000 = the whole chip).
struct Placement {
  std::uint32_t node = 0;
  std::uint32_t hostCpuMilli = 0;  // accelerator nodes: host CPU taken
  std::uint64_t memoryMib = 0;
  // Inline for up to four devices (every job but 8-GPU ones in the bench).
  SmallVector<std::uint32_t, 4> devices;
  SmallVector<std::uint32_t, 4> milli;
};

// The devices of a node's own kind: all of a CPU node's sockets, the GPUs
// of a GPU node (not the host CPU row a Kubernetes or agent node reports
// first). Contiguous; count 0 when the node has none.
struct DeviceRange {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};
DeviceRange primaryDevices(const Topology& topology, std::uint32_t node);

// Free capacity of every device and node: what the scheduler sees. A node's
// free and total milli are those of its primary devices.
class CapacityState {
 public:
  explicit CapacityState(const Topology& topology);

  std::uint32_t capacityMilli(std::uint32_t device) const { return m_capacity[device]; }
  std::uint32_t freeMilli(std::uint32_t device) const { return m_free[device]; }
  std::uint32_t nodeFreeMilli(std::uint32_t node) const { return m_nodeFreeMilli[node]; }
  std::uint32_t nodeTotalMilli(std::uint32_t node) const { return m_nodeTotalMilli[node]; }
  std::uint32_t hostFreeCpu(std::uint32_t node) const { return m_hostFreeCpu[node]; }
  std::uint64_t freeMemory(std::uint32_t node) const { return m_freeMemory[node]; }
  bool isUp(std::uint32_t node) const { return m_up[node] != 0; }
  // Changes with every allocation, release and up/down of the node: a fit
  // found there holds while it has not changed.
  std::uint32_t version(std::uint32_t node) const { return m_version[node]; }
  DeviceRange primary(std::uint32_t node) const { return m_primary[node]; }

  void setUp(std::uint32_t node, bool up) {
    m_up[node] = up ? 1 : 0;
    ++m_version[node];
  }
  void allocate(const Placement& placement);
  void release(const Placement& placement);

 private:
  std::vector<std::uint32_t> m_capacity;
  std::vector<std::uint32_t> m_free;
  std::vector<std::uint32_t> m_nodeFreeMilli;
  std::vector<std::uint32_t> m_nodeTotalMilli;
  std::vector<std::uint32_t> m_hostFreeCpu;
  std::vector<std::uint64_t> m_freeMemory;
  std::vector<std::uint8_t> m_up;
  std::vector<DeviceRange> m_primary;
  std::vector<std::uint32_t> m_version;
};

// Milli-units one device offers: a CPU socket its cores, an accelerator 1000.
std::uint32_t deviceCapacityMilli(const DeviceModel& model);

}  // namespace hetsched
