#pragma once

#include "histogram.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

// One labelled sample of a gauge, e.g. {{"kind", "gpu"}}, 0.71.
struct GaugeSample {
  std::vector<std::pair<std::string, std::string>> labels;
  double value = 0.0;
};

// The gateway's metrics in Prometheus' text exposition format (0.0.4):
// request-duration histograms per gRPC method, and gauges read on scrape.
class MetricsRegistry {
 public:
  // The seed's §4.4 buckets (10, 50, 100, 200, 500 ms), in seconds as
  // Prometheus conventions ask.
  static std::vector<double> requestDurationBuckets() { return {0.01, 0.05, 0.1, 0.2, 0.5}; }

  // The histogram for one method, created on first use.
  Histogram& requestDuration(const std::string& method);
  // A gauge family whose samples are computed when scraped.
  void addGauge(std::string name, std::string help, std::function<std::vector<GaugeSample>()> read);

  std::string exposition() const;

 private:
  mutable std::mutex m_mutex;
  std::map<std::string, std::unique_ptr<Histogram>> m_durations;
  struct Gauge {
    std::string name;
    std::string help;
    std::function<std::vector<GaugeSample>()> read;
  };
  std::vector<Gauge> m_gauges;
};

}  // namespace hetsched
