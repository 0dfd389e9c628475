#pragma once

#include "prom_result.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace httplib {
class Client;
}

namespace hetsched {

// A client of Prometheus' HTTP API (/api/v1/query and /api/v1/query_range),
// JSON parsed with nlohmann::json. Blocking; callers keep it off threads
// that must stay responsive. Not thread-safe.
class PrometheusApi {
 public:
  // url: "http://host:port" with an optional path prefix ("/prometheus").
  static std::variant<std::unique_ptr<PrometheusApi>, PromError> create(
      const std::string& url, std::chrono::milliseconds timeout = std::chrono::seconds(5));
  ~PrometheusApi();
  PrometheusApi(const PrometheusApi&) = delete;
  PrometheusApi& operator=(const PrometheusApi&) = delete;

  // An instant vector; `at` in Unix seconds, default: now.
  std::variant<std::vector<PromSample>, PromError> query(const std::string& expr,
                                                         std::optional<double> at = std::nullopt);
  // A range of history, for snapshot/replay: [start, end] every step seconds.
  std::variant<std::vector<PromSeries>, PromError> queryRange(const std::string& expr, double start, double end,
                                                              double step);

 private:
  PrometheusApi(std::unique_ptr<httplib::Client> client, std::string prefix);
  std::variant<std::string, PromError> post(const std::string& path, const std::string& expr,
                                            const std::vector<std::pair<std::string, std::string>>& params);

  std::unique_ptr<httplib::Client> m_client;
  std::string m_prefix;
};

// Parses a /api/v1 response body; exposed for tests of malformed bodies.
std::variant<std::vector<PromSample>, PromError> parseVectorResponse(const std::string& expr, const std::string& body);
std::variant<std::vector<PromSeries>, PromError> parseMatrixResponse(const std::string& expr, const std::string& body);

}  // namespace hetsched
