#pragma once

#include "base/model/topology.h"
#include "sim_options.h"

#include <string>
#include <variant>

namespace hetsched {

// Expands node groups into a Topology. Fails (with a message naming the
// group) on an unknown model, an empty group or a duplicate model name.
std::variant<Topology, std::string> buildTopology(const ClusterShape& shape);

}  // namespace hetsched
