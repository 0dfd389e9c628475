#include "kube_objects.h"

#include "quantity.h"

#include <nlohmann/json.hpp>

#include <algorithm>

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
    else if (name == "memory" || name == kGpuResource || name == kTpuResource) v = parseCount(q);
    else continue;  // other resources (ephemeral-storage, pods, hugepages-*) do not shape devices
    if (!v) return false;
    if (name == "cpu") out->cpuMilli = *v;
    else if (name == "memory") out->memoryBytes = *v;
    else if (name == kGpuResource) out->gpus = *v;
    else out->tpus = *v;
  }
  return true;
}

KubeResources maxOf(const KubeResources& a, const KubeResources& b) {
  return {std::max(a.cpuMilli, b.cpuMilli), std::max(a.memoryBytes, b.memoryBytes), std::max(a.gpus, b.gpus),
          std::max(a.tpus, b.tpus)};
}

}  // namespace

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
  if (const auto u = spec.find("unschedulable"); u != spec.end() && u->is_boolean()) node.unschedulable = u->get<bool>();
  const json& labels = child(meta, "labels");
  node.gpuModel = text(labels, "nvidia.com/gpu.product");
  if (auto mib = parseCount(text(labels, "nvidia.com/gpu.memory"))) node.gpuMemoryMib = *mib;
  node.tpuModel = text(labels, "cloud.google.com/gke-tpu-accelerator");
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
  pod.jobKind = text(child(meta, "labels"), "hetsched.io/job-kind");
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
        out->cpuMilli += r.cpuMilli;
        out->memoryBytes += r.memoryBytes;
        out->gpus += r.gpus;
        out->tpus += r.tpus;
      } else {
        *out = maxOf(*out, r);
      }
    }
    return true;
  };
  KubeResources containers, init;
  if (!sumOver("containers", true, &containers) || !sumOver("initContainers", false, &init)) return std::nullopt;
  pod.requests = maxOf(containers, init);
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
