#include "kind_stats.h"

#include "metric.h"

namespace hetsched {

KindStatsTable computeKindStats(const Topology& topology, const Frame* frame) {
  KindStatsTable table{};
  const bool haveFrame = frame != nullptr && frameMatches(topology, *frame);
  std::array<double, kDeviceKindCount> utilizationSum{};
  std::array<std::size_t, kDeviceKindCount> reporting{};
  for (std::size_t n = 0; n < topology.nodes.size(); ++n) {
    const NodeInfo& node = topology.nodes[n];
    KindStats& stats = table[index(node.kind)];
    stats.devices += node.deviceCount;
    ++stats.nodes;
    if (!haveFrame) continue;
    const bool up = frame->nodeUp[n] != 0;
    if (!up) ++stats.nodesDown;
    for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount; ++d) {
      stats.powerKw += frame->powerWatts[d] / 1000.0;
      if (!up) continue;
      utilizationSum[index(node.kind)] += frame->utilization[d];
      ++reporting[index(node.kind)];
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
