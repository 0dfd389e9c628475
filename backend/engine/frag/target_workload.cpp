#include "target_workload.h"

#include "pod_request.h"
#include "task_shape.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace hetsched::frag {

namespace {

std::string joinModels(const std::vector<std::string>& models) {
  std::string out;
  for (const std::string& m : models) {
    if (!out.empty()) out += '|';
    out += m;
  }
  return out;
}

}  // namespace

TargetWorkload::TargetWorkload(std::vector<TaskShape> shapes) : m_shapes(std::move(shapes)) {
  for (const TaskShape& shape : m_shapes) {
    const bool gpu = shape.gpuMilli != 0 && shape.gpuCount != 0;
    m_compact.cpuMilli.push_back(shape.cpuMilli);
    m_compact.gpuCount.push_back(gpu ? shape.gpuCount : 0);
    m_compact.weight.push_back(shape.weight);
    auto& distinct = m_compact.distinctGpuMilli;
    const auto at = std::ranges::find(distinct, shape.gpuMilli);
    m_compact.milliSlot.push_back(static_cast<std::uint32_t>(at - distinct.begin()));
    if (at == distinct.end()) distinct.push_back(shape.gpuMilli);
  }
}

TargetWorkload TargetWorkload::fromPods(std::span<const PodRequest> pods, double popularity) {
  using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::string>;
  std::map<Key, TaskShape> byKey;
  for (const PodRequest& pod : pods) {
    // Memory is not part of a shape: the fragmentation measure is about GPUs and CPU.
    Key key{pod.cpuMilli, pod.usesGpu() ? pod.gpuMilli : 0, pod.usesGpu() ? pod.gpuCount : 0,
            joinModels(pod.gpuModels)};
    auto [it, inserted] = byKey.try_emplace(key);
    if (inserted) {
      it->second.cpuMilli = std::get<0>(key);
      it->second.gpuMilli = std::get<1>(key);
      it->second.gpuCount = std::get<2>(key);
      it->second.gpuSpec = std::get<3>(key);
      it->second.gpuModels = pod.gpuModels;
    }
    ++it->second.count;
  }
  std::vector<TaskShape> shapes;
  shapes.reserve(byKey.size());
  for (auto& [key, shape] : byKey) shapes.push_back(std::move(shape));
  // Most popular first; among equally popular shapes the larger one first,
  // as the authors' simulator orders them, so the 95% cut falls the same way.
  std::ranges::sort(shapes, [](const TaskShape& a, const TaskShape& b) {
    if (a.count != b.count) return a.count > b.count;
    return std::tie(a.cpuMilli, a.gpuMilli, a.gpuCount, a.gpuSpec) >
           std::tie(b.cpuMilli, b.gpuMilli, b.gpuCount, b.gpuSpec);
  });
  const double wanted = popularity * static_cast<double>(pods.size());
  double kept = 0.0;
  std::size_t n = 0;
  while (n < shapes.size() && kept < wanted) kept += static_cast<double>(shapes[n++].count);
  shapes.resize(n);
  for (TaskShape& shape : shapes) shape.weight = static_cast<double>(shape.count) / kept;
  return TargetWorkload(std::move(shapes));
}

std::vector<std::uint8_t> TargetWorkload::accessibleOn(std::string_view model) const {
  std::vector<std::uint8_t> out;
  out.reserve(m_shapes.size());
  for (const TaskShape& shape : m_shapes) {
    const bool ok = shape.gpuModels.empty() ||
                    (!model.empty() && std::ranges::find(shape.gpuModels, model) != shape.gpuModels.end());
    out.push_back(ok ? 1 : 0);
  }
  return out;
}

}  // namespace hetsched::frag
