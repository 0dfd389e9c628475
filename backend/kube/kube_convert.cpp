#include "kube_convert.h"

#include "cluster/node_table.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace hetsched {

namespace {

constexpr std::uint64_t kMib = 1024 * 1024;

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

}  // namespace

bool occupiesNode(const KubePod& pod) {
  return !pod.nodeName.empty() && pod.phase != "Succeeded" && pod.phase != "Failed";
}

DeviceKind neededKind(const KubeResources& r) {
  return r.gpus > 0 ? DeviceKind::Gpu : r.tpus > 0 ? DeviceKind::Tpu : DeviceKind::Cpu;
}

NodeReport nodeReportOf(const KubeNode& node, const std::vector<const KubePod*>& podsOnNode, std::uint32_t periodMs) {
  KubeResources used;
  for (const KubePod* pod : podsOnNode) {
    used.cpuMilli += pod->requests.cpuMilli;
    used.memoryBytes += pod->requests.memoryBytes;
    used.gpus += pod->requests.gpus;
    used.tpus += pod->requests.tpus;
  }
  const KubeResources& a = node.allocatable;
  NodeReport report;
  report.nodeId = node.name;
  report.periodMs = periodMs;
  report.memoryTotalBytes = a.memoryBytes;
  report.memoryFreeBytes = a.memoryBytes - std::min(a.memoryBytes, used.memoryBytes);
  report.cpuUsage = a.cpuMilli == 0 ? 0.0 : std::min(1.0, static_cast<double>(used.cpuMilli) / static_cast<double>(a.cpuMilli));

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
  accelerators(DeviceKind::Gpu, a.gpus, used.gpus, node.gpuModel, "nvidia.com/gpu", node.gpuMemoryMib);
  accelerators(DeviceKind::Tpu, a.tpus, used.tpus, node.tpuModel, "google.com/tpu", 0);
  return report;
}

Topology topologyOf(const std::map<std::string, KubeNode>& nodes) {
  NodeTable table("kubernetes", "kubernetes", 3000);
  for (const auto& [name, node] : nodes) table.put(nodeReportOf(node, {}, 3000));
  table.assemble(0);
  return table.topology();
}

JobSpec jobSpecOf(const KubePod& pod) {
  JobSpec spec;
  spec.name = pod.key();
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
                  : contains(pc, "low")                              ? PriorityClass::Low
                                                                     : PriorityClass::Middle;
  spec.requests.cpuMilli = static_cast<std::uint32_t>(std::min<std::uint64_t>(pod.requests.cpuMilli, UINT32_MAX));
  spec.requests.memoryMib = (pod.requests.memoryBytes + kMib - 1) / kMib;
  spec.requests.gpuCount = static_cast<std::uint32_t>(pod.requests.gpus);
  spec.requests.tpuCount = static_cast<std::uint32_t>(pod.requests.tpus);
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
  const auto time = std::chrono::sys_days{date} + std::chrono::hours{h} + std::chrono::minutes{mi} +
                    std::chrono::seconds{s};
  return std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch()).count();
}

}  // namespace hetsched
