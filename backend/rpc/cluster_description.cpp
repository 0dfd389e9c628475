#include "cluster_description.h"

#include "proto_convert.h"

#include <google/protobuf/util/json_util.h>

#include <fstream>
#include <sstream>

namespace hetsched {

std::variant<ClusterShape, std::string> parseClusterDescription(const std::string& json,
                                                                const std::string& origin) {
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
  for (int i = 0; i < description.groups_size(); ++i) {
    const v1::NodeGroup& g = description.groups(i);
    const std::string path = origin + ": groups[" + std::to_string(i) + "]";
    if (g.count() == 0 || g.count() > 100000) return path + ".count: must be 1..100000";
    if (g.devices_per_node() == 0 || g.devices_per_node() > 256)
      return path + ".devices_per_node: must be 1..256";
    shape.groups.push_back({g.name_prefix(), g.count(), g.device_model(), g.devices_per_node(),
                            g.cpu_milli(), g.memory_mib()});
  }
  if (shape.groups.empty()) return origin + ": groups: at least one node group is needed";
  return shape;
}

std::variant<ClusterShape, std::string> loadClusterDescription(const std::string& path) {
  std::ifstream in(path);
  if (!in) return path + ": cannot open";
  std::ostringstream text;
  text << in.rdbuf();
  return parseClusterDescription(text.str(), path);
}

}  // namespace hetsched
