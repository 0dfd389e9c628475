#pragma once

#include "pod_request.h"
#include "task_shape.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace hetsched::frag {

// The workload a cluster expects to serve, as FGD sees it: the most popular
// task shapes (CPU-only tasks included) that together make up `popularity`
// of all tasks, weighted by how often they occur.
class TargetWorkload {
 public:
  TargetWorkload() = default;
  static TargetWorkload fromPods(std::span<const PodRequest> pods, double popularity = 0.95);
  explicit TargetWorkload(std::vector<TaskShape> shapes);

  const std::vector<TaskShape>& shapes() const { return m_shapes; }

  // The shapes as Fragmentation::ofNode reads them, in the same order, one
  // array per field (a TaskShape with its strings is ~100 bytes; the
  // measure runs over every shape for every node a placement changes), and
  // the distinct per-GPU requests: how many of a node's GPUs can hold a
  // task depends only on that, so it is counted once per distinct value.
  struct Compact {
    std::vector<std::uint32_t> cpuMilli;
    std::vector<std::uint32_t> gpuCount;   // 0: a CPU-only task
    std::vector<std::uint32_t> milliSlot;  // index into distinctGpuMilli
    std::vector<double> weight;
    std::vector<std::uint32_t> distinctGpuMilli;
  };
  const Compact& compact() const { return m_compact; }
  // For each shape, whether a node with this GPU model may run it.
  std::vector<std::uint8_t> accessibleOn(std::string_view model) const;

 private:
  std::vector<TaskShape> m_shapes;
  Compact m_compact;
};

}  // namespace hetsched::frag
