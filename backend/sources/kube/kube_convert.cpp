#include "kube_convert.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "kube_objects.h"
#include "sources/cluster/node_report.h"
#include "sources/cluster/node_table.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

constexpr std::uint64_t kMib = std::uint64_t{1024} * 1024;

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

}  // namespace

bool occupiesNode(const KubePod& pod) {
  return !pod.nodeName.empty() && pod.phase != "Succeeded" && pod.phase != "Failed";
}

DeviceKind neededKind(const KubeResources& r) {
  const bool gpu = r.gpus > 0 || r.gpuSlices > 0 || r.gpuMemGiB > 0 || (r.openGpuMilli > 0 && r.openGpuCount > 0);
  return gpu ? DeviceKind::Gpu : r.tpus > 0 ? DeviceKind::Tpu : DeviceKind::Cpu;
}

GpuSharing gpuSharingOf(const std::map<std::string, KubeNode>& nodes) {
  GpuSharing s;
  std::uint32_t replicas = 0;
  for (const auto& [name, node] : nodes) {
    const KubeResources& a = node.allocatable;
    if (a.gpuMemGiB > 0 && a.gpuCount > 0) {
      const double perGpu = static_cast<double>(a.gpuMemGiB) / static_cast<double>(a.gpuCount);
      s.gpuMemGiB = s.gpuMemGiB == 0.0 ? perGpu : std::min(s.gpuMemGiB, perGpu);
    }
    if (a.gpuSlices > 0 || node.gpuReplicas > 1)
      replicas = replicas == 0 ? node.gpuReplicas : std::min(replicas, node.gpuReplicas);
  }
  if (replicas > 0) s.replicas = replicas;
  return s;
}

NodeReport nodeReportOf(const KubeNode& node, const std::vector<const KubePod*>& podsOnNode, std::uint32_t periodMs) {
  KubeResources used;
  std::uint64_t gpusBusy = 0;
  for (const KubePod* pod : podsOnNode) {
    const KubeResources& r = pod->requests;
    used.cpuMilli += r.cpuMilli;
    used.memoryBytes += r.memoryBytes;
    used.tpus += r.tpus;
    // A GPU holding a share shows busy; shares on one GPU count once.
    const bool share = r.gpuSlices > 0 || r.gpuMemGiB > 0 || (r.openGpuCount > 0 && r.openGpuMilli < 1000);
    gpusBusy += share ? 0 : r.gpus + (r.openGpuMilli == 1000 ? r.openGpuCount : 0);
    if (share) gpusBusy += pod->gpuIndex.empty() ? 1 : 0;
  }
  std::vector<std::uint32_t> sharedGpus;
  for (const KubePod* pod : podsOnNode)
    for (const std::uint32_t g : pod->gpuIndex)
      if (std::ranges::find(sharedGpus, g) == sharedGpus.end()) sharedGpus.push_back(g);
  used.gpus = gpusBusy + sharedGpus.size();
  const KubeResources& a = node.allocatable;
  NodeReport report;
  report.nodeId = node.name;
  report.periodMs = periodMs;
  report.memoryTotalBytes = a.memoryBytes;
  report.memoryFreeBytes = a.memoryBytes - std::min(a.memoryBytes, used.memoryBytes);
  report.cpuUsage =
      a.cpuMilli == 0 ? 0.0 : std::min(1.0, static_cast<double>(used.cpuMilli) / static_cast<double>(a.cpuMilli));

  DeviceReport cpu;
  cpu.kind = DeviceKind::Cpu;
  cpu.model = "CPU";
  // Whole cores: the engine counts CPU capacity in cores; a fractional
  // allocatable (3920m after system reservations) rounds down.
  cpu.cores = static_cast<std::uint32_t>(a.cpuMilli / 1000);
  if (cpu.cores == 0 && a.cpuMilli > 0) cpu.cores = 1;
  cpu.utilization = report.cpuUsage;
  cpu.memoryTotalBytes = a.memoryBytes;
  cpu.memoryUsedBytes = a.memoryBytes - report.memoryFreeBytes;
  report.devices.push_back(cpu);

  const auto accelerators = [&](DeviceKind kind, std::uint64_t count, std::uint64_t busy, const std::string& model,
                                const char* fallback, std::uint64_t memoryMib) {
    for (std::uint64_t i = 0; i < count; ++i) {
      DeviceReport d;
      d.kind = kind;
      d.model = model.empty() ? fallback : model;
      d.utilization = i < busy ? 1.0 : 0.0;
      d.memoryTotalBytes = memoryMib * kMib;
      d.memoryUsedBytes = i < busy ? d.memoryTotalBytes : 0;
      report.devices.push_back(std::move(d));
    }
  };
  accelerators(DeviceKind::Gpu, node.physicalGpus(), used.gpus, node.gpuModel, "nvidia.com/gpu", node.gpuMemoryMib);
  accelerators(DeviceKind::Tpu, a.tpus, used.tpus, node.tpuModel, "google.com/tpu", 0);
  return report;
}

Topology topologyOf(const std::map<std::string, KubeNode>& nodes) {
  NodeTable table("kubernetes", "kubernetes", 3000);
  for (const auto& [name, node] : nodes) table.put(nodeReportOf(node, {}, 3000));
  table.assemble(0);
  return table.topology();
}

JobSpec jobSpecOf(const KubePod& pod, const GpuSharing& sharing) {
  JobSpec spec;
  spec.name = pod.key();
  spec.owner = pod.owner;
  spec.team = pod.namespaceName;
  if (auto kind = parseJobKind(pod.jobKind)) {
    spec.kind = *kind;
  } else {
    switch (neededKind(pod.requests)) {
      case DeviceKind::Gpu: spec.kind = JobKind::Training; break;
      case DeviceKind::Tpu: spec.kind = JobKind::Inference; break;
      case DeviceKind::Cpu: spec.kind = JobKind::Service; break;
    }
  }
  const std::string& pc = pod.priorityClassName;
  spec.priority = contains(pc, "high") || pc.rfind("system-", 0) == 0 ? PriorityClass::High
                  : contains(pc, "low")                               ? PriorityClass::Low
                                                                      : PriorityClass::Middle;
  spec.requests.cpuMilli = static_cast<std::uint32_t>(std::min<std::uint64_t>(pod.requests.cpuMilli, UINT32_MAX));
  spec.requests.memoryMib = (pod.requests.memoryBytes + kMib - 1) / kMib;
  const KubeResources& r = pod.requests;
  const auto share = [](double fraction) {
    return static_cast<std::uint32_t>(std::clamp(std::ceil(fraction * 1000.0 - 1e-9), 1.0, 1000.0));
  };
  spec.requests.gpuCount = static_cast<std::uint32_t>(std::min<std::uint64_t>(r.gpus, 1024));
  if (r.openGpuMilli > 0 && r.openGpuCount > 0) {
    if (r.openGpuMilli >= 1000)
      spec.requests.gpuCount += static_cast<std::uint32_t>(std::min<std::uint64_t>(r.openGpuCount, 1024));
    else spec.requests.gpuMilli = static_cast<std::uint32_t>(r.openGpuMilli);
  } else if (r.gpuMemGiB > 0 && sharing.gpuMemGiB > 0.0) {
    spec.requests.gpuMilli = share(static_cast<double>(r.gpuMemGiB) / sharing.gpuMemGiB);
  } else if (r.gpuSlices > 0) {
    spec.requests.gpuMilli = share(static_cast<double>(r.gpuSlices) / std::max<std::uint32_t>(1, sharing.replicas));
  }
  // A share of a whole GPU or more is that GPU; whole GPUs win over a share.
  if (spec.requests.gpuMilli >= 1000)
    spec.requests.gpuMilli = 0, spec.requests.gpuCount = std::max(spec.requests.gpuCount, 1u);
  if (spec.requests.gpuCount > 0) spec.requests.gpuMilli = 0;
  spec.requests.tpuCount = static_cast<std::uint32_t>(std::min<std::uint64_t>(r.tpus, 1024));
  spec.interruptible = pod.interruptible();
  spec.estimatedRuntimeS = pod.runtimeEstimateS;
  return spec;
}

// RFC 3339 as the API server writes it ("2024-05-01T12:00:00Z"), to the
// second; with std::chrono's calendar rather than strptime/timegm, which
// Windows lacks.
std::int64_t timestampMs(const std::string& text) {
  int y = 0;
  unsigned mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (std::sscanf(text.c_str(), "%4d-%2u-%2uT%2u:%2u:%2u", &y, &mo, &d, &h, &mi, &s) != 6) return 0;
  const std::chrono::year_month_day date{std::chrono::year{y}, std::chrono::month{mo}, std::chrono::day{d}};
  if (!date.ok() || h > 23 || mi > 59 || s > 60) return 0;
  const auto time =
      std::chrono::sys_days{date} + std::chrono::hours{h} + std::chrono::minutes{mi} + std::chrono::seconds{s};
  return std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch()).count();
}

}  // namespace hetsched
