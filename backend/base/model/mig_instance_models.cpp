#include "mig_instance_models.h"

#include "device_kind.h"
#include "mig_layout.h"
#include "topology.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

std::vector<std::uint8_t> migInstanceModels(const Topology& topology) {
  std::vector<std::uint8_t> out(topology.models.size(), 0);
  for (std::size_t m = 0; m < topology.models.size(); ++m)
    out[m] = topology.models[m].kind == DeviceKind::Gpu && parseMigModelName(topology.models[m].name) ? 1 : 0;
  return out;
}

}  // namespace hetsched
