#include "sim_options.h"

#include <cstdint>

namespace hetsched {

ClusterShape defaultClusterShape(std::uint32_t cpuNodes, std::uint32_t gpuNodes, std::uint32_t tpuNodes) {
  ClusterShape shape;
  // Host sizes follow Alibaba's GPU trace nodes (128 cores / 768 GiB for 8-GPU
  // hosts); CPU nodes are dual-socket Xeons.
  shape.groups = {
      {"cpu", cpuNodes, "Xeon", 2, 64000, 524288},
      {"gpu", gpuNodes, "A100", 8, 128000, 786432},
      {"tpu", tpuNodes, "TPUv4", 4, 96000, 393216},
  };
  return shape;
}

}  // namespace hetsched
