#include "prometheus_api.h"

#include "prom_result.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <httplib.h>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

using nlohmann::json;

// Prometheus sends sample values as strings ("1.5", "NaN", "+Inf").
std::optional<double> sampleValue(const json& pair) {
  if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number() || !pair[1].is_string()) return std::nullopt;
  const std::string text = pair[1].get<std::string>();
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') return std::nullopt;
  return v;
}

std::optional<PromLabels> labelsOf(const json& item) {
  const auto it = item.find("metric");
  if (it == item.end() || !it->is_object()) return std::nullopt;
  PromLabels labels;
  for (const auto& [key, value] : it->items()) {
    if (!value.is_string()) return std::nullopt;
    labels.emplace(key, value.get<std::string>());
  }
  return labels;
}

// The common envelope: {"status":"success","data":{"resultType":...,"result":[...]}}.
std::variant<const json*, PromError> resultOf(const std::string& expr, const json& doc, const char* type) {
  if (!doc.is_object()) return PromError{expr, "response is not a JSON object"};
  const auto status = doc.find("status");
  if (status == doc.end() || *status != "success") {
    const std::string error = doc.contains("error") && doc["error"].is_string() ? doc["error"].get<std::string>() : "";
    return PromError{expr, "status is not success" + (error.empty() ? std::string() : ": " + error)};
  }
  const auto data = doc.find("data");
  if (data == doc.end() || !data->is_object()) return PromError{expr, "response has no data"};
  const auto resultType = data->find("resultType");
  if (resultType == data->end() || *resultType != type)
    return PromError{expr, std::string("expected resultType ") + type};
  const auto result = data->find("result");
  if (result == data->end() || !result->is_array()) return PromError{expr, "data.result is not an array"};
  return &*result;
}

}  // namespace

std::variant<std::vector<PromSample>, PromError> parseVectorResponse(const std::string& expr, const std::string& body) {
  const json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded()) return PromError{expr, "response is not JSON"};
  auto result = resultOf(expr, doc, "vector");
  if (auto* e = std::get_if<PromError>(&result)) return *e;
  std::vector<PromSample> out;
  for (const json& item : *std::get<const json*>(result)) {
    auto labels = labelsOf(item);
    const auto value = item.find("value");
    const auto v = value != item.end() ? sampleValue(*value) : std::nullopt;
    if (!labels || !v) return PromError{expr, "malformed sample in data.result"};
    out.push_back({std::move(*labels), (*value)[0].get<double>(), *v});
  }
  return out;
}

std::variant<std::vector<PromSeries>, PromError> parseMatrixResponse(const std::string& expr, const std::string& body) {
  const json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded()) return PromError{expr, "response is not JSON"};
  auto result = resultOf(expr, doc, "matrix");
  if (auto* e = std::get_if<PromError>(&result)) return *e;
  std::vector<PromSeries> out;
  for (const json& item : *std::get<const json*>(result)) {
    auto labels = labelsOf(item);
    const auto values = item.find("values");
    if (!labels || values == item.end() || !values->is_array())
      return PromError{expr, "malformed series in data.result"};
    PromSeries series{std::move(*labels), {}};
    for (const json& pair : *values) {
      const auto v = sampleValue(pair);
      if (!v) return PromError{expr, "malformed point in data.result"};
      series.points.emplace_back(pair[0].get<double>(), *v);
    }
    out.push_back(std::move(series));
  }
  return out;
}

std::variant<std::unique_ptr<PrometheusApi>, PromError> PrometheusApi::create(const std::string& url,
                                                                              std::chrono::milliseconds timeout) {
  // httplib's Client takes "scheme://host:port"; a path after it is our prefix.
  const auto scheme = url.find("://");
  if (!url.starts_with("http://") || scheme == std::string::npos)
    return PromError{"", "--prometheus-url must start with http:// (got '" + url + "')"};
  const auto slash = url.find('/', scheme + 3);
  const std::string base = url.substr(0, slash);
  std::string prefix = slash == std::string::npos ? std::string() : url.substr(slash);
  while (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
  if (base.size() <= 7) return PromError{"", "--prometheus-url has no host"};
  auto client = std::make_unique<httplib::Client>(base);
  if (!client->is_valid()) return PromError{"", "--prometheus-url '" + url + "' is not usable"};
  const auto seconds = static_cast<time_t>(timeout.count() / 1000);
  const auto micros = static_cast<time_t>((timeout.count() % 1000) * 1000);
  client->set_connection_timeout(seconds, micros);
  client->set_read_timeout(seconds, micros);
  return std::unique_ptr<PrometheusApi>(new PrometheusApi(std::move(client), std::move(prefix)));
}

PrometheusApi::PrometheusApi(std::unique_ptr<httplib::Client> client, std::string prefix)
    : m_client(std::move(client)), m_prefix(std::move(prefix)) {}

PrometheusApi::~PrometheusApi() = default;

std::variant<std::string, PromError> PrometheusApi::post(
    const std::string& path, const std::string& expr, const std::vector<std::pair<std::string, std::string>>& params) {
  httplib::Params form;
  form.emplace("query", expr);
  for (const auto& [k, v] : params) form.emplace(k, v);
  // POST keeps long expressions out of the URL (the API accepts both).
  const auto result = m_client->Post(m_prefix + path, form);
  if (!result) return PromError{expr, "HTTP request failed: " + httplib::to_string(result.error())};
  // 400/422 carry Prometheus' JSON error, which the parser reports.
  if (result->status != 200 && result->status != 400 && result->status != 422)
    return PromError{expr, "HTTP status " + std::to_string(result->status)};
  return result->body;
}

std::variant<std::vector<PromSample>, PromError> PrometheusApi::query(const std::string& expr,
                                                                      std::optional<double> at) {
  std::vector<std::pair<std::string, std::string>> params;
  if (at) params.emplace_back("time", std::to_string(*at));
  auto body = post("/api/v1/query", expr, params);
  if (auto* e = std::get_if<PromError>(&body)) return *e;
  return parseVectorResponse(expr, std::get<std::string>(body));
}

std::variant<std::vector<PromSeries>, PromError> PrometheusApi::queryRange(const std::string& expr, double start,
                                                                           double end, double step) {
  if (!(step > 0) || !(end >= start)) return PromError{expr, "range needs start <= end and step > 0"};
  auto body = post("/api/v1/query_range", expr,
                   {{"start", std::to_string(start)}, {"end", std::to_string(end)}, {"step", std::to_string(step)}});
  if (auto* e = std::get_if<PromError>(&body)) return *e;
  return parseMatrixResponse(expr, std::get<std::string>(body));
}

}  // namespace hetsched
