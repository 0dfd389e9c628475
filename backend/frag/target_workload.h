#pragma once

#include "frag/pod_request.h"
#include "frag/task_shape.h"

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
  explicit TargetWorkload(std::vector<TaskShape> shapes) : m_shapes(std::move(shapes)) {}

  const std::vector<TaskShape>& shapes() const { return m_shapes; }
  // For each shape, whether a node with this GPU model may run it.
  std::vector<std::uint8_t> accessibleOn(std::string_view model) const;

 private:
  std::vector<TaskShape> m_shapes;
};

}  // namespace hetsched::frag
