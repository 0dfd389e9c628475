#pragma once

#include "topology.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

// NVIDIA MIG (Multi-Instance GPU) partitions as a Topology carries them,
// with no field of their own (docs/sources.md, "MIG partitions"):
//  - a GPU in MIG mode is a GPU device whose model has cores > 0: its
//    compute slices (7 on an A100 or H100);
//  - each MIG instance is a GPU device after it on the same node, whose
//    model is named "<GPU model> MIG <profile>" ("NVIDIA A100-SXM4-40GB MIG
//    3g.20gb") with the instance's memory, and whose cores are the compute
//    slices it holds.
// The profile is the one NVIDIA's Kubernetes device plugin advertises as
// nvidia.com/mig-<profile>.
struct MigModelName {
  std::string_view gpuModel;  // "NVIDIA A100-SXM4-40GB"
  std::string_view profile;   // "3g.20gb"
};
std::string migModelName(std::string_view gpuModel, std::string_view profile);
// Nothing unless the name is "<GPU model> MIG <profile>" with both parts.
std::optional<MigModelName> parseMigModelName(std::string_view modelName);

// Which device partitions which, for one topology: computed once per
// topology so views look it up per device.
class MigLayout {
 public:
  static MigLayout of(const Topology& topology);

  // No GPU in MIG mode and no MIG instance in the topology.
  bool empty() const { return m_empty; }
  bool isInstance(std::size_t device) const { return !m_instance.empty() && m_instance[device] != 0; }
  // The GPU an instance partitions: the nearest GPU in MIG mode before it on
  // its node, of the model its name names; nothing for any other device.
  std::optional<std::uint32_t> parentOf(std::size_t device) const;
  // A GPU in MIG mode (possibly with no instance made yet).
  bool inMigMode(std::size_t device) const { return slices(device) != 0 && !isInstance(device); }
  // Of a GPU in MIG mode: its instances, which follow it on its node.
  std::uint32_t instanceCount(std::size_t device) const { return m_instances.empty() ? 0 : m_instances[device]; }
  // Compute slices: of a GPU in MIG mode, all it has; of an instance, its own.
  std::uint32_t slices(std::size_t device) const { return m_slices.empty() ? 0 : m_slices[device]; }
  // Of a GPU in MIG mode: the slices its instances hold.
  std::uint32_t slicesHeld(std::size_t device) const { return m_held.empty() ? 0 : m_held[device]; }
  // Of a GPU in MIG mode: its last instance (itself when it has none).
  std::uint32_t lastInstance(std::size_t device) const {
    return m_last.empty() ? static_cast<std::uint32_t>(device) : m_last[device];
  }
  // An instance's share of its GPU's compute (3g of 7 slices: 3/7); 0 without a GPU.
  double computeShare(std::size_t device) const;
  // An instance's profile ("3g.20gb"); empty for any other device.
  std::string_view profileOf(const Topology& topology, std::size_t device) const;

 private:
  bool m_empty = true;
  // Per device; none at all when no model of the topology is a GPU in MIG
  // mode or an instance (25 bytes a device: 25 MB per view of a cluster of
  // 10^6 devices that has no MIG).
  std::vector<std::uint8_t> m_instance;
  std::vector<std::int64_t> m_parent;  // -1: none
  std::vector<std::uint32_t> m_slices;
  std::vector<std::uint32_t> m_instances;
  std::vector<std::uint32_t> m_held;
  std::vector<std::uint32_t> m_last;
};

}  // namespace hetsched
