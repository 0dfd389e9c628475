#include "metrics_registry.h"

#include "histogram.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

std::string escapeLabel(const std::string& value) {
  std::string out;
  for (const char c : value) {
    if (c == '\\' || c == '"') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out;
}

// As Prometheus' Go client writes samples and bucket bounds
// (strconv.FormatFloat(v, 'g', -1, 64)): the shortest digits that read back
// to the same double, in exponent form below 1e-4 and from 1e6 up. "%.17g"
// wrote 0.05 as 0.050000000000000003, and `le` is matched as a string.
std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  char buf[32];
  const auto scientific = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  const char* e = std::find(buf, scientific.ptr, 'e');
  int exponent = 0;
  std::from_chars(e + 1 + (e[1] == '+'), scientific.ptr, exponent);
  if (exponent < -4 || exponent >= 6) return {buf, scientific.ptr};
  const auto fixed = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  return {buf, fixed.ptr};
}

}  // namespace

Histogram& MetricsRegistry::requestDuration(const std::string& method) {
  std::lock_guard lock(m_mutex);
  auto& slot = m_durations[method];
  if (!slot) slot = std::make_unique<Histogram>(requestDurationBuckets());
  return *slot;
}

void MetricsRegistry::addGauge(std::string name, std::string help, std::function<std::vector<GaugeSample>()> read) {
  std::lock_guard lock(m_mutex);
  m_gauges.push_back({std::move(name), std::move(help), std::move(read)});
}

std::string MetricsRegistry::exposition() const {
  std::ostringstream out;
  std::lock_guard lock(m_mutex);
  const char* h = "hetsched_grpc_request_duration_seconds";
  out << "# HELP " << h << " gRPC request duration by method (streams: until the stream ends).\n";
  out << "# TYPE " << h << " histogram\n";
  for (const auto& [method, histogram] : m_durations) {
    const std::string label = "method=\"" + escapeLabel(method) + "\"";
    const auto counts = histogram->cumulativeCounts();
    const auto bounds = histogram->upperBounds();
    for (std::size_t i = 0; i < bounds.size(); ++i)
      out << h << "_bucket{" << label << ",le=\"" << number(bounds[i]) << "\"} " << counts[i] << "\n";
    out << h << "_bucket{" << label << ",le=\"+Inf\"} " << histogram->count() << "\n";
    out << h << "_sum{" << label << "} " << number(histogram->sum()) << "\n";
    out << h << "_count{" << label << "} " << histogram->count() << "\n";
  }
  for (const Gauge& g : m_gauges) {
    out << "# HELP " << g.name << " " << g.help << "\n# TYPE " << g.name << " gauge\n";
    for (const GaugeSample& s : g.read()) {
      out << g.name;
      if (!s.labels.empty()) {
        out << "{";
        for (std::size_t i = 0; i < s.labels.size(); ++i)
          out << (i ? "," : "") << s.labels[i].first << "=\"" << escapeLabel(s.labels[i].second) << "\"";
        out << "}";
      }
      out << " " << number(s.value) << "\n";
    }
  }
  return out.str();
}

}  // namespace hetsched
