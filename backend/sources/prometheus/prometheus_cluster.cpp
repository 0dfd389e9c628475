#include "prometheus_cluster.h"

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/topology.h"
#include "base/model/wall_clock.h"
#include "prom_result.h"
#include "prometheus_api.h"
#include "prometheus_queries.h"
#include "sources/cluster/node_report.h"
#include "sources/cluster/observed_cluster.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

using ByLabel = PrometheusCluster::ByLabel;

double finiteOr0(double v) { return std::isfinite(v) ? v : 0.0; }

using GpuValues = PrometheusCluster::GpuValues;

// dcgm-exporter's metrics and the field each fills.
std::span<const std::pair<const std::string*, double GpuValues::*>> gpuMetrics() {
  static const std::pair<const std::string*, double GpuValues::*> kMetrics[] = {
      {&promql::kGpuUtil, &GpuValues::util},
      {&promql::kGpuFbUsed, &GpuValues::fbUsedMib},
      {&promql::kGpuFbFree, &GpuValues::fbFreeMib},
      {&promql::kGpuPower, &GpuValues::power},
      {&promql::kGpuTemp, &GpuValues::temp}};
  return kMetrics;
}

void addGpuValue(PrometheusCluster::Samples& samples, const PromLabels& labels, double GpuValues::* field,
                 double value) {
  const auto host = labels.find("Hostname");
  const auto gpu = labels.find("gpu");
  if (host == labels.end() || gpu == labels.end()) return;
  GpuValues& v = samples.gpus[{host->second, std::atoi(gpu->second.c_str())}];
  v.*field = finiteOr0(value);
  if (const auto model = labels.find("modelName"); model != labels.end()) v.model = model->second;
}

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
  Samples samples;
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
  for (const PromSample& s : std::get<std::vector<PromSample>>(names)) {
    const auto instance = s.labels.find("instance");
    const auto nodename = s.labels.find("nodename");
    if (instance == s.labels.end()) continue;
    samples.names.emplace_back(instance->second, nodename != s.labels.end() && !nodename->second.empty()
                                                     ? nodename->second
                                                     : instance->second);
  }
  if (!byLabel(promql::kUp, "instance", &samples.up) ||
      !byLabel(promql::cpuUsage(m_options.rateWindow), "instance", &samples.cpu) ||
      !byLabel(promql::kCpuCount, "instance", &samples.cores) ||
      !byLabel(promql::kMemTotal, "instance", &samples.memTotal) ||
      !byLabel(promql::kMemAvailable, "instance", &samples.memAvail))
    return failure;
  for (const auto& [expr, field] : gpuMetrics()) {
    auto result = m_api->query(*expr);
    if (auto* e = std::get_if<PromError>(&result)) return *e;
    for (const PromSample& s : std::get<std::vector<PromSample>>(result))
      addGpuValue(samples, s.labels, field, s.value);
  }
  m_instanceNames = samples.names;
  return toReading(samples, wallNowMs(), true);
}

PrometheusCluster::Reading PrometheusCluster::toReading(const Samples& samples, std::int64_t timestampMs,
                                                        bool remember) {
  Reading reading;
  std::map<std::string, NodeReport> nodes;  // by node name: a stable order
  for (const auto& entry : samples.names) {
    // Named, not a structured binding: lambdas cannot capture those before
    // clang 16 (the fuzz preset builds with Debian's clang 14).
    const std::string& instance = entry.first;
    const std::string& name = entry.second;
    const auto cpu = samples.cpu.find(instance);
    if (cpu == samples.cpu.end() && !remember) continue;  // history: no value at this moment
    const auto value = [&](const ByLabel& m) {
      const auto it = m.find(instance);
      return it == m.end() ? 0.0 : finiteOr0(it->second);
    };
    NodeReport& r = nodes[name];
    r.nodeId = name;
    r.timestampMs = timestampMs;
    r.periodMs = m_options.agentPeriodMs;
    r.cpuUsage = std::clamp(value(samples.cpu), 0.0, 1.0);
    r.memoryTotalBytes = static_cast<std::uint64_t>(value(samples.memTotal));
    r.memoryFreeBytes = std::min(r.memoryTotalBytes, static_cast<std::uint64_t>(value(samples.memAvail)));
    DeviceReport row;
    row.kind = DeviceKind::Cpu;
    row.model = "CPU";
    row.utilization = r.cpuUsage;
    row.memoryTotalBytes = r.memoryTotalBytes;
    row.memoryUsedBytes = r.memoryTotalBytes - r.memoryFreeBytes;
    row.cores = static_cast<std::uint32_t>(value(samples.cores));
    r.devices.push_back(row);
    reading.up.emplace_back(name, value(samples.up) == 1.0);
  }
  if (remember)
    for (const auto& [name, report] : nodes) m_exporterNodes.insert(name);
  for (const auto& [key, v] : samples.gpus) {
    // A node whose node_exporter vanished is down, not a GPU-only node: its
    // GPUs alone would change its shape and hide the outage.
    if (!nodes.contains(key.host) && m_exporterNodes.contains(key.host)) continue;
    NodeReport& r = nodes[key.host];
    if (r.nodeId.empty()) {  // a GPU host without node_exporter
      r.nodeId = key.host;
      r.timestampMs = timestampMs;
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
  if (reading) m_table.putReading(std::move(reading->nodes), reading->up);
  m_table.assemble(wallNowMs());
}

std::vector<Frame> PrometheusCluster::backfill(double seconds) {
  std::vector<Frame> out;
  const double step = std::max(1.0, m_options.agentPeriodMs / 1000.0);
  const std::int64_t nowMs = wallNowMs();
  // The live frame covers now; history ends a period before it.
  const double end = static_cast<double>(nowMs) / 1000.0 - step;
  const double start = end - seconds;
  if (!(seconds > 0) || m_instanceNames.empty()) return out;

  std::map<std::int64_t, Samples> moments;  // by Unix ms
  const auto range = [&](const std::string& expr, const auto& fill) {
    auto result = m_api->queryRange(expr, start, end, step);
    if (std::holds_alternative<PromError>(result)) return false;
    for (const PromSeries& series : std::get<std::vector<PromSeries>>(result))
      for (const auto& [t, v] : series.points) fill(moments[std::llround(t * 1000.0)], series.labels, v);
    return true;
  };
  const auto byInstance = [](ByLabel Samples::* field) {
    return [field](Samples& s, const PromLabels& labels, double v) {
      if (const auto it = labels.find("instance"); it != labels.end()) (s.*field)[it->second] = v;
    };
  };
  // History is a bonus: a failing range query leaves the ring to fill live.
  if (!range(promql::kUp, byInstance(&Samples::up)) ||
      !range(promql::cpuUsage(m_options.rateWindow), byInstance(&Samples::cpu)) ||
      !range(promql::kCpuCount, byInstance(&Samples::cores)) ||
      !range(promql::kMemTotal, byInstance(&Samples::memTotal)) ||
      !range(promql::kMemAvailable, byInstance(&Samples::memAvail)))
    return out;
  for (const auto& metric : gpuMetrics()) {
    const auto field = metric.second;
    const auto fill = [field](Samples& s, const PromLabels& labels, double v) { addGpuValue(s, labels, field, v); };
    if (!range(*metric.first, fill)) return out;
  }

  const Topology& live = topology();
  if (!moments.empty()) m_table.setEpoch(moments.begin()->first);
  for (auto& [ms, samples] : moments) {
    samples.names = m_instanceNames;
    Reading reading = toReading(samples, ms, false);
    std::map<std::string, NodeReport> byName;
    for (NodeReport& r : reading.nodes) byName.emplace(r.nodeId, std::move(r));
    // The live node order gives the live layout; a node missing then, or
    // with other devices, means another shape: that moment is left out.
    NodeTable scratch(live.clusterName, "prometheus", m_options.agentPeriodMs);
    scratch.setEpoch(moments.begin()->first);
    bool complete = true;
    for (const NodeInfo& node : live.nodes) {
      const auto it = byName.find(node.name);
      if (it == byName.end()) {
        complete = false;
        break;
      }
      scratch.put(it->second);
    }
    if (!complete) continue;
    for (const auto& [node, up] : reading.up) scratch.setUp(node, up);
    scratch.assemble(ms);
    const Topology& shape = scratch.topology();
    const bool same = shape.devices.size() == live.devices.size() &&
                      std::ranges::equal(shape.devices, live.devices, [](const DeviceInfo& a, const DeviceInfo& b) {
                        return a.node == b.node && a.slot == b.slot;
                      });
    if (!same) continue;
    Frame frame = scratch.frame();
    frame.topologyVersion = live.version;
    frame.sequence = 0;  // the gateway numbers what it publishes
    out.push_back(std::move(frame));
  }
  return out;
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
