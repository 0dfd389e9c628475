#include "topology_builder.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"
#include "sim_options.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

std::variant<Topology, std::string> buildTopology(const ClusterShape& shape) {
  Topology t;
  t.clusterName = shape.name;
  t.source = "sim";
  t.version = 1;
  const auto builtin = builtinDeviceModels();
  t.models.assign(builtin.begin(), builtin.end());
  for (const DeviceModel& m : shape.models) {
    if (std::ranges::find(t.models, m.name, &DeviceModel::name) != t.models.end())
      return "models: duplicate model name '" + m.name + "'";
    t.models.push_back(m);
  }
  // Nodes are ordered by device kind so that views can group them cheaply.
  for (const DeviceKind kind : kDeviceKinds) {
    for (std::size_t g = 0; g < shape.groups.size(); ++g) {
      const NodeGroup& group = shape.groups[g];
      const std::string where = "groups[" + std::to_string(g) + "]";
      const auto model = std::ranges::find(t.models, group.deviceModel, &DeviceModel::name);
      if (model == t.models.end()) return where + ".device_model: unknown model '" + group.deviceModel + "'";
      if (model->kind != kind) continue;
      if (group.devicesPerNode == 0) return where + ".devices_per_node: must be > 0";
      if (group.namePrefix.empty()) return where + ".name_prefix: must not be empty";
      const auto modelIndex = static_cast<std::uint32_t>(model - t.models.begin());
      for (std::uint32_t i = 0; i < group.count; ++i) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "-%03u", i);
        NodeInfo node{group.namePrefix + suffix, kind,           static_cast<std::uint32_t>(t.devices.size()),
                      group.devicesPerNode,      group.cpuMilli, group.memoryMib};
        if (kind == DeviceKind::Cpu) node.cpuMilli = model->cores * 1000 * group.devicesPerNode;
        const auto nodeIndex = static_cast<std::uint32_t>(t.nodes.size());
        t.nodes.push_back(std::move(node));
        for (std::uint32_t s = 0; s < group.devicesPerNode; ++s) t.devices.push_back({nodeIndex, s, modelIndex});
      }
    }
  }
  if (t.devices.empty()) return std::string("groups: the cluster has no devices");
  return t;
}

}  // namespace hetsched
