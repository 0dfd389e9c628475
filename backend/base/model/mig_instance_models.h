#pragma once

#include "topology.h"

#include <cstdint>
#include <vector>

namespace hetsched {

// Per model of the topology: 1 where it names a MIG instance (a GPU model
// "<GPU> MIG <profile>", model/mig_layout.h). Models are few, so views that
// count devices look them up here instead of building a MigLayout every
// frame: an instance is a view of its GPU's capacity, not another GPU.
std::vector<std::uint8_t> migInstanceModels(const Topology& topology);

}  // namespace hetsched
