#pragma once

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/topology.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace hetsched {

// Per device kind aggregates shown by the summary strip.
struct KindStats {
  std::size_t devices = 0;
  std::size_t nodes = 0;
  std::size_t nodesDown = 0;
  // Over devices of nodes that are up: a down node's last reading is not load.
  double meanUtilization = 0.0;  // 0..1
  std::uint32_t runningJobs = 0;
  std::uint32_t queuedJobs = 0;
  double powerKw = 0.0;
};

using KindStatsTable = std::array<KindStats, kDeviceKindCount>;

// frame may be null (no data yet); the counts of the topology still apply.
KindStatsTable computeKindStats(const Topology& topology, const Frame* frame);

}  // namespace hetsched
