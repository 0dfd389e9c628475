#include "mig_layout.h"

#include "device_kind.h"
#include "device_model.h"
#include "topology.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hetsched {

namespace {
constexpr std::string_view kMarker = " MIG ";
}  // namespace

std::string migModelName(std::string_view gpuModel, std::string_view profile) {
  std::string name(gpuModel);
  name += kMarker;
  name += profile;
  return name;
}

std::optional<MigModelName> parseMigModelName(std::string_view modelName) {
  const auto at = modelName.rfind(kMarker);
  if (at == std::string_view::npos || at == 0 || at + kMarker.size() == modelName.size()) return std::nullopt;
  return MigModelName{modelName.substr(0, at), modelName.substr(at + kMarker.size())};
}

MigLayout MigLayout::of(const Topology& topology) {
  MigLayout layout;
  const bool anyMigModel = std::ranges::any_of(topology.models, [](const DeviceModel& m) {
    return m.kind == DeviceKind::Gpu && (m.cores > 0 || parseMigModelName(m.name).has_value());
  });
  if (!anyMigModel) return layout;  // empty, without per-device arrays
  const std::size_t n = topology.devices.size();
  layout.m_instance.assign(n, 0);
  layout.m_parent.assign(n, -1);
  layout.m_slices.assign(n, 0);
  layout.m_instances.assign(n, 0);
  layout.m_held.assign(n, 0);
  layout.m_last.resize(n);
  for (std::size_t d = 0; d < n; ++d) layout.m_last[d] = static_cast<std::uint32_t>(d);
  for (const NodeInfo& node : topology.nodes) {
    std::int64_t parent = -1;  // the GPU in MIG mode instances attach to
    for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount && d < n; ++d) {
      const DeviceModel& model = topology.modelOf(d);
      if (model.kind != DeviceKind::Gpu) continue;
      const auto mig = parseMigModelName(model.name);
      layout.m_slices[d] = model.cores;
      if (!mig) {
        parent = model.cores > 0 ? static_cast<std::int64_t>(d) : -1;
        if (model.cores > 0) layout.m_empty = false;
        continue;
      }
      layout.m_instance[d] = 1;
      layout.m_empty = false;
      if (parent >= 0 && topology.modelOf(static_cast<std::size_t>(parent)).name == mig->gpuModel) {
        const auto p = static_cast<std::size_t>(parent);
        layout.m_parent[d] = parent;
        ++layout.m_instances[p];
        layout.m_held[p] += model.cores;
        layout.m_last[p] = d;
      }
    }
  }
  return layout;
}

std::optional<std::uint32_t> MigLayout::parentOf(std::size_t device) const {
  if (m_parent.empty() || m_parent[device] < 0) return std::nullopt;
  return static_cast<std::uint32_t>(m_parent[device]);
}

double MigLayout::computeShare(std::size_t device) const {
  const auto parent = parentOf(device);
  if (!parent || m_slices[*parent] == 0) return 0.0;
  return static_cast<double>(m_slices[device]) / m_slices[*parent];
}

std::string_view MigLayout::profileOf(const Topology& topology, std::size_t device) const {
  if (!isInstance(device)) return {};
  // isInstance() holds only for devices whose model name parsed as a MIG name.
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access)
  return parseMigModelName(topology.modelOf(device).name)->profile;
}

}  // namespace hetsched
