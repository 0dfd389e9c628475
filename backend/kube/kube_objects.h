#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace hetsched {

// The resources the device plugins register (the seed's NVIDIA DaemonSet
// for GPUs; GKE's for TPUs).
inline constexpr const char* kGpuResource = "nvidia.com/gpu";
inline constexpr const char* kTpuResource = "google.com/tpu";

struct KubeResources {
  std::uint64_t cpuMilli = 0;
  std::uint64_t memoryBytes = 0;
  std::uint64_t gpus = 0;
  std::uint64_t tpus = 0;

  bool operator==(const KubeResources&) const = default;
};

// What the gateway needs of a v1 Node.
struct KubeNode {
  std::string name;
  std::string resourceVersion;
  KubeResources allocatable;
  bool ready = false;
  bool unschedulable = false;  // cordoned
  std::string gpuModel;        // GPU feature discovery's nvidia.com/gpu.product label, if any
  std::uint64_t gpuMemoryMib = 0;
  std::string tpuModel;        // GKE's cloud.google.com/gke-tpu-accelerator label, if any

  bool operator==(const KubeNode&) const = default;
};

// What the gateway needs of a v1 Pod.
struct KubePod {
  std::string namespaceName;
  std::string name;
  std::string uid;
  std::string resourceVersion;
  std::string phase;  // Pending, Running, Succeeded, Failed, Unknown
  std::string nodeName;
  std::string schedulerName;
  std::string priorityClassName;
  std::string jobKind;  // the hetsched.io/job-kind label, if any
  std::string creationTimestamp;
  bool terminating = false;
  bool unschedulable = false;  // PodScheduled=False, reason Unschedulable
  KubeResources requests;      // sum over containers, max with each init container

  std::string key() const { return namespaceName + "/" + name; }
  bool operator==(const KubePod&) const = default;
};

// Nothing when the object lacks its name or a quantity is malformed.
std::optional<KubeNode> nodeFromJson(const nlohmann::json& object);
std::optional<KubePod> podFromJson(const nlohmann::json& object);
// metadata.resourceVersion of any object or list.
std::string resourceVersionOf(const nlohmann::json& object);

}  // namespace hetsched
