#include "cluster_description.h"

#include "base/model/device_model.h"
#include "base/model/file_text.h"
#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"
#include "proto_convert.h"
#include "sources/cluster/sim_options.h"

#include <cstdint>
#include <google/protobuf/util/json_util.h>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

constexpr std::uint64_t kMaxNodes = 100'000;
constexpr std::uint64_t kMaxDevices = 1'000'000;

}  // namespace

std::variant<ClusterShape, std::string> parseClusterDescription(const std::string& json, const std::string& origin) {
  v1::ClusterDescription description;
  const auto status = google::protobuf::util::JsonStringToMessage(json, &description);
  if (!status.ok()) return origin + ": " + std::string(status.message());
  ClusterShape shape;
  shape.name = description.name().empty() ? "described" : description.name();
  for (int i = 0; i < description.models_size(); ++i) {
    auto model = fromProto(description.models(i), "models[" + std::to_string(i) + "]");
    if (auto* e = std::get_if<FieldError>(&model)) return origin + ": " + e->message();
    shape.models.push_back(std::get<DeviceModel>(std::move(model)));
  }
  std::uint64_t nodes = 0;
  std::uint64_t devices = 0;
  for (int i = 0; i < description.groups_size(); ++i) {
    const v1::NodeGroup& g = description.groups(i);
    const std::string path = origin + ": groups[" + std::to_string(i) + "]";
    if (g.count() == 0 || g.count() > kMaxNodes) return path + ".count: must be 1..100000";
    if (g.devices_per_node() == 0 || g.devices_per_node() > 256) return path + ".devices_per_node: must be 1..256";
    // Each group is bounded, but not their sum: a few lines of JSON could
    // ask the gateway for billions of devices.
    nodes += g.count();
    devices += std::uint64_t{g.count()} * g.devices_per_node();
    if (nodes > kMaxNodes) return path + ".count: more than 100000 nodes in all";
    if (devices > kMaxDevices) return path + ".count: more than 1000000 devices in all";
    shape.groups.push_back(
        {g.name_prefix(), g.count(), g.device_model(), g.devices_per_node(), g.cpu_milli(), g.memory_mib()});
  }
  if (shape.groups.empty()) return origin + ": groups: at least one node group is needed";
  return shape;
}

std::variant<ClusterShape, std::string> loadClusterDescription(const std::string& path) {
  std::string text;
  if (auto error = readFileText(path, &text)) return *error;
  return parseClusterDescription(text, path);
}

}  // namespace hetsched
