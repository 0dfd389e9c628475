#include "kind_stats.h"

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/mig_instance_models.h"
#include "base/model/topology.h"
#include "metric.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

KindStatsTable computeKindStats(const Topology& topology, const Frame* frame) {
  KindStatsTable table{};
  const bool haveFrame = frame != nullptr && frameMatches(topology, *frame);
  std::array<double, kDeviceKindCount> utilizationSum{};
  std::array<std::size_t, kDeviceKindCount> reporting{};
  // MIG instances are partitions of a GPU that is counted already: NVML reads
  // them no utilisation or power (their GPU's row has it), so counting them
  // made one GPU with three instances four GPUs, three of them idle.
  const std::vector<std::uint8_t> instanceModel = migInstanceModels(topology);
  const bool anyInstance = std::ranges::find(instanceModel, std::uint8_t{1}) != instanceModel.end();
  const auto isInstance = [&](std::uint32_t d) { return anyInstance && instanceModel[topology.devices[d].model] != 0; };
  for (std::size_t n = 0; n < topology.nodes.size(); ++n) {
    const NodeInfo& node = topology.nodes[n];
    const bool up = !haveFrame || frame->nodeUp[n] != 0;
    ++table[index(node.kind)].nodes;
    if (!up) ++table[index(node.kind)].nodesDown;
    // Devices by their own kind: a host's or an agent's GPU node also
    // reports a CPU row, whose load is not a GPU's.
    for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount; ++d) {
      if (isInstance(d)) continue;
      const std::size_t k = index(topology.kindOf(d));
      ++table[k].devices;
      if (!haveFrame) continue;
      table[k].powerKw += frame->powerWatts[d] / 1000.0;
      if (!up) continue;
      utilizationSum[k] += frame->utilization[d];
      ++reporting[k];
    }
  }
  for (const DeviceKind kind : kDeviceKinds) {
    KindStats& stats = table[index(kind)];
    if (reporting[index(kind)] > 0)
      stats.meanUtilization = utilizationSum[index(kind)] / static_cast<double>(reporting[index(kind)]);
    if (haveFrame) {
      stats.runningJobs = frame->queue.kinds[index(kind)].running;
      stats.queuedJobs = frame->queue.kinds[index(kind)].queued;
    }
  }
  return table;
}

}  // namespace hetsched
