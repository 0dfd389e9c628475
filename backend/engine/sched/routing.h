#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"

#include <array>
#include <cstddef>

namespace hetsched {

// The seed's classification flow: a submitted job is analysed by type and
// sent to the processor family that suits it (deep-learning training → GPU,
// tensor inference → TPU, general services → CPU). The table is overridable.
class RoutingTable {
 public:
  RoutingTable();
  DeviceKind route(JobKind kind) const { return m_target[static_cast<std::size_t>(kind)]; }
  void set(JobKind kind, DeviceKind target) { m_target[static_cast<std::size_t>(kind)] = target; }

 private:
  std::array<DeviceKind, kJobKindCount> m_target;
};

}  // namespace hetsched
