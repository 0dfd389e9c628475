#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

// The resources the device plugins register (the seed's NVIDIA DaemonSet
// for GPUs; GKE's for TPUs), and the GPU-sharing conventions the scheduler
// reads and writes (docs/sources.md, "GPU shares"):
//  - NVIDIA whole GPUs: nvidia.com/gpu;
//  - NVIDIA time-slicing (renameByDefault): nvidia.com/gpu.shared, each one
//    replica of a GPU; the node label nvidia.com/gpu.replicas says how many;
//  - Alibaba gpushare device plugin: aliyun.com/gpu-mem (GiB of GPU memory;
//    nodes also advertise aliyun.com/gpu-count); the GPU chosen goes in the
//    ALIYUN_COM_GPU_MEM_* annotations at binding;
//  - Alibaba open-gpu-share (the ATC'23 traces): pod annotations
//    alibabacloud.com/gpu-milli (share of each GPU, 1000 = whole) and
//    alibabacloud.com/gpu-count; nodes advertise alibabacloud.com/gpu-count;
//    the GPUs chosen go in alibabacloud.com/gpu-index.
inline constexpr const char* kGpuResource = "nvidia.com/gpu";
inline constexpr const char* kTpuResource = "google.com/tpu";
inline constexpr const char* kGpuSharedResource = "nvidia.com/gpu.shared";
inline constexpr const char* kGpuReplicasLabel = "nvidia.com/gpu.replicas";
inline constexpr const char* kGpuMemResource = "aliyun.com/gpu-mem";
inline constexpr const char* kGpuCountResource = "aliyun.com/gpu-count";
inline constexpr const char* kGpuMemIndexAnnotation = "ALIYUN_COM_GPU_MEM_IDX";
inline constexpr const char* kOpenGpuMilli = "alibabacloud.com/gpu-milli";
inline constexpr const char* kOpenGpuCount = "alibabacloud.com/gpu-count";
inline constexpr const char* kOpenGpuIndex = "alibabacloud.com/gpu-index";
// HetSched's own pod conventions.
inline constexpr const char* kJobKindLabel = "hetsched.io/job-kind";
// Who owns a pod: Kubernetes records no user on a pod, so the submitter says
// (a label value: at most 63 characters of [A-Za-z0-9._-]). Its team is its namespace.
inline constexpr const char* kOwnerLabel = "hetsched.io/owner";
inline constexpr const char* kInterruptibleLabel = "hetsched.io/interruptible";
inline constexpr const char* kRuntimeEstimateAnnotation = "hetsched.io/runtime-estimate-s";

struct KubeResources {
  std::uint64_t cpuMilli = 0;
  std::uint64_t memoryBytes = 0;
  std::uint64_t gpus = 0;        // whole GPUs (nvidia.com/gpu)
  std::uint64_t tpus = 0;
  std::uint64_t gpuSlices = 0;   // nvidia.com/gpu.shared replicas
  std::uint64_t gpuMemGiB = 0;   // aliyun.com/gpu-mem
  std::uint64_t gpuCount = 0;    // aliyun.com/gpu-count (nodes)
  // open-gpu-share (pod annotations; node allocatable count)
  std::uint64_t openGpuMilli = 0;
  std::uint64_t openGpuCount = 0;

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
  std::uint32_t gpuReplicas = 1;  // nvidia.com/gpu.replicas (time-slicing), 1 without
  std::uint64_t gpuCountLabel = 0;  // nvidia.com/gpu.count (GPU feature discovery), 0 without

  // Physical GPUs, whichever plugin advertises them.
  std::uint64_t physicalGpus() const;

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
  std::string owner;    // the hetsched.io/owner label, if any
  std::string creationTimestamp;
  bool terminating = false;
  bool unschedulable = false;  // PodScheduled=False, reason Unschedulable
  KubeResources requests;      // sum over containers, max with each init container
  // hetsched.io/interruptible=true (label or annotation) and a controller
  // that recreates it: the scheduler may evict it (preemption, migration).
  bool interruptibleLabel = false;
  std::string controllerUid;  // metadata.ownerReferences[controller=true].uid
  double runtimeEstimateS = 0.0;  // hetsched.io/runtime-estimate-s
  std::vector<std::uint32_t> gpuIndex;  // the GPUs a device plugin's annotation names

  bool interruptible() const { return interruptibleLabel && !controllerUid.empty(); }

  std::string key() const { return namespaceName + "/" + name; }
  bool operator==(const KubePod&) const = default;
};

// Nothing when the object lacks its name or a quantity is malformed.
std::optional<KubeNode> nodeFromJson(const nlohmann::json& object);
std::optional<KubePod> podFromJson(const nlohmann::json& object);
// metadata.resourceVersion of any object or list.
std::string resourceVersionOf(const nlohmann::json& object);

}  // namespace hetsched
