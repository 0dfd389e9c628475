#pragma once

#include "cluster/observed_cluster.h"
#include "prometheus_api.h"

#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

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

 private:
  struct Reading {
    std::vector<NodeReport> nodes;
    std::vector<std::pair<std::string, bool>> up;
  };
  PrometheusCluster(std::unique_ptr<PrometheusApi> api, PrometheusOptions options);
  std::variant<Reading, PromError> read();

  std::unique_ptr<PrometheusApi> m_api;
  PrometheusOptions m_options;
  mutable std::mutex m_pendingMutex;
  std::optional<Reading> m_pending;
  std::optional<PromError> m_lastError;
  std::set<std::string> m_exporterNodes;  // nodes ever seen through node_exporter; refresh() only
};

}  // namespace hetsched
