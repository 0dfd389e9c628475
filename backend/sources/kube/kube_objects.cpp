#include "kube_objects.h"

#include "quantity.h"

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

namespace {

using nlohmann::json;

std::string text(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const json& child(const json& object, const char* key) {
  static const json kEmpty = json::object();
  const auto it = object.find(key);
  return it != object.end() && it->is_object() ? *it : kEmpty;
}

// A resource list ({"cpu": "4", "memory": "16Gi", ...}); false on a bad quantity.
bool resourcesOf(const json& list, KubeResources* out) {
  for (const auto& [name, value] : list.items()) {
    if (!value.is_string()) return false;
    const std::string q = value.get<std::string>();
    std::optional<std::uint64_t> v;
    if (name == "cpu") v = parseMilli(q);
    else if (name == "memory" || name == kGpuResource || name == kTpuResource || name == kGpuSharedResource ||
             name == kGpuMemResource || name == kGpuCountResource || name == kOpenGpuCount)
      v = parseCount(q);
    else continue;  // other resources (ephemeral-storage, pods, hugepages-*) do not shape devices
    if (!v) return false;
    if (name == "cpu") out->cpuMilli = *v;
    else if (name == "memory") out->memoryBytes = *v;
    else if (name == kGpuResource) out->gpus = *v;
    else if (name == kTpuResource) out->tpus = *v;
    else if (name == kGpuSharedResource) out->gpuSlices = *v;
    else if (name == kGpuMemResource) out->gpuMemGiB = *v;
    else if (name == kGpuCountResource) out->gpuCount = *v;
    else out->openGpuCount = *v;
  }
  return true;
}

KubeResources maxOf(const KubeResources& a, const KubeResources& b) {
  KubeResources m;
  m.cpuMilli = std::max(a.cpuMilli, b.cpuMilli);
  m.memoryBytes = std::max(a.memoryBytes, b.memoryBytes);
  m.gpus = std::max(a.gpus, b.gpus);
  m.tpus = std::max(a.tpus, b.tpus);
  m.gpuSlices = std::max(a.gpuSlices, b.gpuSlices);
  m.gpuMemGiB = std::max(a.gpuMemGiB, b.gpuMemGiB);
  return m;
}

void add(KubeResources& out, const KubeResources& r) {
  out.cpuMilli += r.cpuMilli;
  out.memoryBytes += r.memoryBytes;
  out.gpus += r.gpus;
  out.tpus += r.tpus;
  out.gpuSlices += r.gpuSlices;
  out.gpuMemGiB += r.gpuMemGiB;
}

// "0", "0-1-3" (open-gpu-share) or "2" (gpushare): device indices.
std::vector<std::uint32_t> indices(const std::string& text) {
  std::vector<std::uint32_t> out;
  std::uint64_t value = 0;
  bool digits = false;
  for (const char c : text + "-") {
    if (c >= '0' && c <= '9') {
      value = value * 10 + static_cast<std::uint64_t>(c - '0');
      digits = true;
      if (value > 1024) return {};
    } else if (c == '-' || c == ',') {
      if (!digits) return {};
      out.push_back(static_cast<std::uint32_t>(value));
      value = 0;
      digits = false;
    } else {
      return {};
    }
  }
  return out;
}

}  // namespace

std::uint64_t KubeNode::physicalGpus() const {
  const KubeResources& a = allocatable;
  std::uint64_t n =
      std::max({a.gpus / std::max<std::uint32_t>(1, gpuReplicas), a.gpuCount, a.openGpuCount, gpuCountLabel});
  if (n == 0 && a.gpuSlices > 0) n = a.gpuSlices / std::max<std::uint32_t>(1, gpuReplicas);
  return n;
}

std::string resourceVersionOf(const json& object) {
  if (!object.is_object()) return {};
  return text(child(object, "metadata"), "resourceVersion");
}

std::optional<KubeNode> nodeFromJson(const json& object) {
  if (!object.is_object()) return std::nullopt;
  const json& meta = child(object, "metadata");
  KubeNode node;
  node.name = text(meta, "name");
  if (node.name.empty()) return std::nullopt;
  node.resourceVersion = text(meta, "resourceVersion");
  const json& status = child(object, "status");
  if (!resourcesOf(child(status, "allocatable"), &node.allocatable)) return std::nullopt;
  if (const auto conditions = status.find("conditions"); conditions != status.end() && conditions->is_array()) {
    for (const json& c : *conditions) {
      if (c.is_object() && text(c, "type") == "Ready") node.ready = text(c, "status") == "True";
    }
  }
  const json& spec = child(object, "spec");
  if (const auto u = spec.find("unschedulable"); u != spec.end() && u->is_boolean())
    node.unschedulable = u->get<bool>();
  const json& labels = child(meta, "labels");
  node.gpuModel = text(labels, "nvidia.com/gpu.product");
  if (auto mib = parseCount(text(labels, "nvidia.com/gpu.memory"))) node.gpuMemoryMib = *mib;
  node.tpuModel = text(labels, "cloud.google.com/gke-tpu-accelerator");
  if (auto replicas = parseCount(text(labels, kGpuReplicasLabel)); replicas && *replicas >= 1 && *replicas <= 1000)
    node.gpuReplicas = static_cast<std::uint32_t>(*replicas);
  if (auto count = parseCount(text(labels, "nvidia.com/gpu.count"))) node.gpuCountLabel = *count;
  return node;
}

std::optional<KubePod> podFromJson(const json& object) {
  if (!object.is_object()) return std::nullopt;
  const json& meta = child(object, "metadata");
  KubePod pod;
  pod.name = text(meta, "name");
  pod.namespaceName = text(meta, "namespace");
  if (pod.name.empty()) return std::nullopt;
  if (pod.namespaceName.empty()) pod.namespaceName = "default";
  pod.uid = text(meta, "uid");
  pod.resourceVersion = text(meta, "resourceVersion");
  pod.creationTimestamp = text(meta, "creationTimestamp");
  pod.terminating = meta.contains("deletionTimestamp") && !meta["deletionTimestamp"].is_null();
  const json& labels = child(meta, "labels");
  const json& annotations = child(meta, "annotations");
  pod.jobKind = text(labels, kJobKindLabel);
  pod.owner = text(labels, kOwnerLabel);
  pod.interruptibleLabel =
      text(labels, kInterruptibleLabel) == "true" || text(annotations, kInterruptibleLabel) == "true";
  if (const auto owners = meta.find("ownerReferences"); owners != meta.end() && owners->is_array()) {
    for (const json& o : *owners) {
      if (!o.is_object()) continue;
      const auto controller = o.find("controller");
      if (controller != o.end() && controller->is_boolean() && controller->get<bool>())
        pod.controllerUid = text(o, "uid");
    }
  }
  if (const std::string estimate = text(annotations, kRuntimeEstimateAnnotation); !estimate.empty()) {
    if (auto v = parseQuantity(estimate); v && *v > 0.0 && *v < 365.0 * 24 * 3600) pod.runtimeEstimateS = *v;
  }
  if (!text(annotations, kOpenGpuMilli).empty() || !text(annotations, kOpenGpuCount).empty()) {
    const auto milli = parseCount(text(annotations, kOpenGpuMilli));
    const auto count = parseCount(text(annotations, kOpenGpuCount));
    if (!milli || !count || *milli > 1000) return std::nullopt;
    pod.requests.openGpuMilli = *milli;
    pod.requests.openGpuCount = *count;
  }
  pod.gpuIndex = indices(text(annotations, kOpenGpuIndex));
  if (pod.gpuIndex.empty()) pod.gpuIndex = indices(text(annotations, kGpuMemIndexAnnotation));
  const json& spec = child(object, "spec");
  pod.nodeName = text(spec, "nodeName");
  pod.schedulerName = text(spec, "schedulerName");
  if (pod.schedulerName.empty()) pod.schedulerName = "default-scheduler";
  pod.priorityClassName = text(spec, "priorityClassName");
  // The scheduler's effective request: the containers' sum, or the largest
  // init container if that is more (they run one at a time, before).
  const auto sumOver = [&](const char* list, bool sum, KubeResources* out) {
    const auto it = spec.find(list);
    if (it == spec.end() || !it->is_array()) return true;
    for (const json& container : *it) {
      if (!container.is_object()) continue;
      KubeResources r;
      if (!resourcesOf(child(child(container, "resources"), "requests"), &r)) return false;
      if (sum) {
        add(*out, r);
      } else {
        *out = maxOf(*out, r);
      }
    }
    return true;
  };
  KubeResources containers, init;
  if (!sumOver("containers", true, &containers) || !sumOver("initContainers", false, &init)) return std::nullopt;
  const KubeResources annotated = pod.requests;
  pod.requests = maxOf(containers, init);
  pod.requests.openGpuMilli = annotated.openGpuMilli;
  pod.requests.openGpuCount = annotated.openGpuCount;
  const json& status = child(object, "status");
  pod.phase = text(status, "phase");
  if (const auto conditions = status.find("conditions"); conditions != status.end() && conditions->is_array()) {
    for (const json& c : *conditions) {
      if (c.is_object() && text(c, "type") == "PodScheduled" && text(c, "status") == "False" &&
          text(c, "reason") == "Unschedulable")
        pod.unschedulable = true;
    }
  }
  return pod;
}

}  // namespace hetsched
