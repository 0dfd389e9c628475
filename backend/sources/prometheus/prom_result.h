#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

using PromLabels = std::map<std::string, std::string>;

// One element of an instant query's vector result.
struct PromSample {
  PromLabels labels;
  double timestamp = 0.0;  // Unix seconds
  double value = 0.0;      // NaN and ±Inf as Prometheus reports them
};

// One series of a range query's matrix result.
struct PromSeries {
  PromLabels labels;
  std::vector<std::pair<double, double>> points;  // (Unix seconds, value)
};

// A failed API call: the query, and what went wrong (transport, HTTP
// status, Prometheus' own errorType/error, or an unexpected body).
struct PromError {
  std::string query;
  std::string problem;
  std::string message() const { return "prometheus query '" + query + "': " + problem; }
};

}  // namespace hetsched
