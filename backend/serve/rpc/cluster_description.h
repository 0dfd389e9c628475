#pragma once

#include "sources/cluster/sim_options.h"

#include <string>
#include <variant>

namespace hetsched {

// Reads a cluster description file: JSON in Protobuf's JSON mapping of
// hetsched.v1.ClusterDescription (extra device models and node groups).
// Errors name the file and the field.
std::variant<ClusterShape, std::string> loadClusterDescription(const std::string& path);
std::variant<ClusterShape, std::string> parseClusterDescription(const std::string& json, const std::string& origin);

}  // namespace hetsched
