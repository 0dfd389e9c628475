#include "prometheus_cluster.h"

#include "prometheus_queries.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>

namespace hetsched {

namespace {

using ByLabel = std::map<std::string, double>;

std::int64_t wallNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double finiteOr0(double v) { return std::isfinite(v) ? v : 0.0; }

struct GpuKey {
  std::string host;
  int index = 0;
  auto operator<=>(const GpuKey&) const = default;
};

struct GpuValues {
  std::string model;
  double util = 0, fbUsedMib = 0, fbFreeMib = 0, power = 0, temp = 0;
};

std::uint64_t mibToBytes(double mib) { return static_cast<std::uint64_t>(std::max(0.0, mib) * 1024.0 * 1024.0); }

}  // namespace

std::variant<std::unique_ptr<PrometheusCluster>, PromError> PrometheusCluster::create(PrometheusOptions options) {
  auto api = PrometheusApi::create(options.url);
  if (auto* e = std::get_if<PromError>(&api)) return *e;
  std::unique_ptr<PrometheusCluster> cluster(
      new PrometheusCluster(std::get<std::unique_ptr<PrometheusApi>>(std::move(api)), std::move(options)));
  cluster->refresh();
  if (auto e = cluster->lastError()) return *e;
  cluster->step();
  return cluster;
}

PrometheusCluster::PrometheusCluster(std::unique_ptr<PrometheusApi> api, PrometheusOptions options)
    : ObservedCluster(options.clusterName, "prometheus", options.agentPeriodMs),
      m_api(std::move(api)),
      m_options(std::move(options)) {}

std::optional<PromError> PrometheusCluster::lastError() const {
  std::lock_guard lock(m_pendingMutex);
  return m_lastError;
}

std::variant<PrometheusCluster::Reading, PromError> PrometheusCluster::read() {
  PromError failure;
  // Each query keyed by one label; the first failing query ends the read.
  const auto byLabel = [&](const std::string& expr, const char* label, ByLabel* out) {
    auto result = m_api->query(expr);
    if (auto* e = std::get_if<PromError>(&result)) {
      failure = *e;
      return false;
    }
    for (const PromSample& s : std::get<std::vector<PromSample>>(result)) {
      if (const auto it = s.labels.find(label); it != s.labels.end()) (*out)[it->second] = s.value;
    }
    return true;
  };
  auto names = m_api->query(promql::kNodeNames);
  if (auto* e = std::get_if<PromError>(&names)) return *e;
  ByLabel up, cpu, cores, memTotal, memAvail;
  if (!byLabel(promql::kUp, "instance", &up) || !byLabel(promql::cpuUsage(m_options.rateWindow), "instance", &cpu) ||
      !byLabel(promql::kCpuCount, "instance", &cores) || !byLabel(promql::kMemTotal, "instance", &memTotal) ||
      !byLabel(promql::kMemAvailable, "instance", &memAvail))
    return failure;

  std::map<GpuKey, GpuValues> gpus;
  const std::pair<const std::string*, double GpuValues::*> gpuMetrics[] = {
      {&promql::kGpuUtil, &GpuValues::util},     {&promql::kGpuFbUsed, &GpuValues::fbUsedMib},
      {&promql::kGpuFbFree, &GpuValues::fbFreeMib}, {&promql::kGpuPower, &GpuValues::power},
      {&promql::kGpuTemp, &GpuValues::temp}};
  for (const auto& [expr, field] : gpuMetrics) {
    auto result = m_api->query(*expr);
    if (auto* e = std::get_if<PromError>(&result)) return *e;
    for (const PromSample& s : std::get<std::vector<PromSample>>(result)) {
      const auto host = s.labels.find("Hostname");
      const auto gpu = s.labels.find("gpu");
      if (host == s.labels.end() || gpu == s.labels.end()) continue;
      GpuValues& v = gpus[{host->second, std::atoi(gpu->second.c_str())}];
      v.*field = finiteOr0(s.value);
      if (const auto model = s.labels.find("modelName"); model != s.labels.end()) v.model = model->second;
    }
  }

  Reading reading;
  std::map<std::string, NodeReport> nodes;  // by node name: a stable order
  for (const PromSample& s : std::get<std::vector<PromSample>>(names)) {
    const auto instance = s.labels.find("instance");
    const auto nodename = s.labels.find("nodename");
    if (instance == s.labels.end()) continue;
    const std::string name = nodename != s.labels.end() && !nodename->second.empty() ? nodename->second : instance->second;
    NodeReport& r = nodes[name];
    r.nodeId = name;
    r.timestampMs = wallNowMs();
    r.periodMs = m_options.agentPeriodMs;
    r.cpuUsage = std::clamp(finiteOr0(cpu[instance->second]), 0.0, 1.0);
    r.memoryTotalBytes = static_cast<std::uint64_t>(finiteOr0(memTotal[instance->second]));
    r.memoryFreeBytes = std::min(r.memoryTotalBytes, static_cast<std::uint64_t>(finiteOr0(memAvail[instance->second])));
    DeviceReport row;
    row.kind = DeviceKind::Cpu;
    row.model = "CPU";
    row.utilization = r.cpuUsage;
    row.memoryTotalBytes = r.memoryTotalBytes;
    row.memoryUsedBytes = r.memoryTotalBytes - r.memoryFreeBytes;
    row.cores = static_cast<std::uint32_t>(finiteOr0(cores[instance->second]));
    r.devices.push_back(row);
    reading.up.emplace_back(name, up[instance->second] == 1.0);
  }
  for (const auto& [name, report] : nodes) m_exporterNodes.insert(name);
  for (const auto& [key, v] : gpus) {
    // A node whose node_exporter vanished is down, not a GPU-only node: its
    // GPUs alone would change its shape and hide the outage.
    if (!nodes.contains(key.host) && m_exporterNodes.contains(key.host)) continue;
    NodeReport& r = nodes[key.host];
    if (r.nodeId.empty()) {  // a GPU host without node_exporter
      r.nodeId = key.host;
      r.timestampMs = wallNowMs();
      r.periodMs = m_options.agentPeriodMs;
      reading.up.emplace_back(key.host, true);
    }
    DeviceReport row;
    row.kind = DeviceKind::Gpu;
    row.model = v.model.empty() ? "NVIDIA GPU" : v.model;
    row.utilization = std::clamp(v.util / 100.0, 0.0, 1.0);
    row.memoryUsedBytes = mibToBytes(v.fbUsedMib);
    row.memoryTotalBytes = mibToBytes(v.fbUsedMib + v.fbFreeMib);
    row.powerWatts = std::max(0.0, v.power);
    row.temperatureC = v.temp;
    r.devices.push_back(row);
  }
  for (auto& [name, report] : nodes) reading.nodes.push_back(std::move(report));
  return reading;
}

void PrometheusCluster::refresh() {
  auto reading = read();
  std::lock_guard lock(m_pendingMutex);
  if (auto* e = std::get_if<PromError>(&reading)) {
    m_lastError = *e;
    m_pending = Reading{};  // nothing answered: every node is down
    return;
  }
  m_lastError.reset();
  m_pending = std::get<Reading>(std::move(reading));
}

void PrometheusCluster::step() {
  std::optional<Reading> reading;
  {
    std::lock_guard lock(m_pendingMutex);
    reading.swap(m_pending);
  }
  if (reading) {
    std::set<std::string> seen;
    for (NodeReport& r : reading->nodes) {
      seen.insert(r.nodeId);
      m_table.put(std::move(r));
    }
    for (const auto& [node, up] : reading->up) m_table.setUp(node, up);
    for (const std::string& node : m_table.nodeIds()) {
      if (!seen.contains(node)) m_table.setUp(node, false);
    }
  }
  m_table.assemble(wallNowMs());
}

std::variant<std::vector<PromSeries>, PromError> cpuUsageHistory(PrometheusApi& api, const std::string& window,
                                                                 double start, double end, double step) {
  return api.queryRange(promql::cpuUsage(window), start, end, step);
}

std::variant<std::vector<PromSeries>, PromError> gpuUtilizationHistory(PrometheusApi& api, double start, double end,
                                                                       double step) {
  return api.queryRange(promql::kGpuUtil, start, end, step);
}

}  // namespace hetsched
