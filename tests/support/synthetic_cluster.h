#pragma once

// Small deterministic clusters for the widget tests, the benchmark and the
// screenshot; shaped like the seed's cluster (2-socket CPU nodes, 8-GPU
// nodes, 4-chip TPU hosts) with the builtin device models.

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/frame.h"
#include "base/model/topology.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace hetsched::testing {

struct NodeGroup {
  DeviceKind kind;
  std::uint32_t nodes;
  std::uint32_t devicesPerNode;
};

inline Topology makeTopology(std::initializer_list<NodeGroup> groups) {
  Topology topology;
  topology.version = 1;
  topology.clusterName = "test";
  for (const DeviceModel& model : builtinDeviceModels()) topology.models.push_back(model);
  for (const NodeGroup& group : groups) {
    const std::uint32_t model = static_cast<std::uint32_t>(index(group.kind));
    for (std::uint32_t n = 0; n < group.nodes; ++n) {
      NodeInfo node;
      node.kind = group.kind;
      node.name = std::string(toString(group.kind)) + "-" + std::to_string(n + 1);
      for (char& c : node.name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      node.firstDevice = static_cast<std::uint32_t>(topology.devices.size());
      node.deviceCount = group.devicesPerNode;
      const auto nodeIndex = static_cast<std::uint32_t>(topology.nodes.size());
      for (std::uint32_t slot = 0; slot < group.devicesPerNode; ++slot)
        topology.devices.push_back({nodeIndex, slot, model});
      topology.nodes.push_back(node);
    }
  }
  return topology;
}

// Smoothly varying, seeded load: neighbouring nodes look related, like jobs
// spanning several nodes do.
inline Frame makeFrame(const Topology& topology, std::uint32_t seed) {
  Frame frame;
  frame.topologyVersion = topology.version;
  frame.resize(topology.devices.size(), topology.nodes.size());
  for (std::size_t d = 0; d < topology.devices.size(); ++d) {
    const DeviceModel& model = topology.modelOf(d);
    const double phase = 0.37 * static_cast<double>(topology.devices[d].node) + 0.9 * topology.devices[d].slot + seed;
    const double u = 0.5 + 0.5 * std::sin(phase) * std::cos(0.21 * phase + seed);
    const float util = static_cast<float>(std::clamp(u, 0.0, 1.0));
    frame.utilization[d] = util;
    frame.memoryUsed[d] = static_cast<float>(std::clamp(0.15 + 0.8 * u * u, 0.0, 1.0));
    frame.powerWatts[d] = static_cast<float>(model.idleWatts + (model.tdpWatts - model.idleWatts) * util);
    frame.temperatureC[d] = static_cast<float>(32.0 + 50.0 * util);
    frame.job[d] = util > 0.2 ? 1000 + topology.devices[d].node : 0;
  }
  return frame;
}

}  // namespace hetsched::testing
