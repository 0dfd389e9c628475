#include "metrics_registry.h"

#include <cstdio>
#include <sstream>

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

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
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
