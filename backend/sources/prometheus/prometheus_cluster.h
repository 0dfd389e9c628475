#pragma once

#include "base/model/frame.h"
#include "prom_result.h"
#include "prometheus_api.h"
#include "sources/cluster/node_report.h"
#include "sources/cluster/observed_cluster.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

struct PrometheusOptions {
  std::string url;                // "http://host:9090"
  std::string rateWindow = "1m";  // rate() window for CPU use; at least two scrapes long
  std::uint32_t agentPeriodMs = 3000;
  std::string clusterName = "prometheus";
};

// hetschedd --source prometheus: one node per node_exporter target (named
// by node_uname_info's nodename) with one CPU row for all its cores, plus a
// GPU row per dcgm-exporter GPU whose Hostname label names that node (a
// Hostname with no node_exporter becomes a GPU-only node). A target whose
// `up` is 0, or that vanished from Prometheus, is marked down. Queries run
// in refresh(), outside the gateway's lock.
class PrometheusCluster final : public ObservedCluster {
 public:
  // Fails when the URL is unusable or the first read fails (so a typo in
  // --prometheus-url is reported at start, not as an empty cluster).
  static std::variant<std::unique_ptr<PrometheusCluster>, PromError> create(PrometheusOptions options);

  void refresh() override;
  void step() override;
  // The last refresh's error, if it failed.
  std::optional<PromError> lastError() const;
  PrometheusApi& api() { return *m_api; }

  // The last `seconds` before now from query_range at the agent period, as
  // frames in the current topology's layout (the gateway's history ring
  // starts with them, so a snapshot taken at once already has the past).
  // Moments at which the cluster had another shape are left out.
  std::vector<Frame> backfill(double seconds) override;

  // One moment's query results, keyed by label (public for the helpers
  // that fill them).
  using ByLabel = std::map<std::string, double>;
  struct GpuKey {
    std::string host;
    int index = 0;
    auto operator<=>(const GpuKey&) const = default;
  };
  struct GpuValues {
    std::string model;
    double util = 0, fbUsedMib = 0, fbFreeMib = 0, power = 0, temp = 0;
  };
  struct Samples {
    std::vector<std::pair<std::string, std::string>> names;  // instance, node name
    ByLabel up, cpu, cores, memTotal, memAvail;
    std::map<GpuKey, GpuValues> gpus;
  };

 private:
  struct Reading {
    std::vector<NodeReport> nodes;
    std::vector<std::pair<std::string, bool>> up;
  };
  PrometheusCluster(std::unique_ptr<PrometheusApi> api, PrometheusOptions options);
  std::variant<Reading, PromError> read();
  // `remember`: a live read, which updates the nodes known to have had a
  // node_exporter; history neither adds to them nor invents missing nodes.
  Reading toReading(const Samples& samples, std::int64_t timestampMs, bool remember);

  std::unique_ptr<PrometheusApi> m_api;
  PrometheusOptions m_options;
  mutable std::mutex m_pendingMutex;
  std::optional<Reading> m_pending;
  std::optional<PromError> m_lastError;
  std::set<std::string> m_exporterNodes;  // nodes ever seen through node_exporter; refresh() only
  std::vector<std::pair<std::string, std::string>> m_instanceNames;  // the last read's, for backfill()
};

}  // namespace hetsched
