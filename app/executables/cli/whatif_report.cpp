#include "whatif_report.h"

#include <cinttypes>
#include <functional>
#include <sstream>

namespace hetsched::cli {

namespace {

struct Metric {
  const char* label;
  const char* key;
  std::function<double(const SimSummary&)> value;
  int decimals;
};

const std::vector<Metric>& metrics() {
  static const std::vector<Metric> kMetrics{
      {"jobs completed", "completed", [](const SimSummary& s) { return double(s.completed); }, 0},
      {"unschedulable", "unschedulable", [](const SimSummary& s) { return double(s.unschedulable); }, 0},
      {"wait avg (s)", "wait_avg_s", [](const SimSummary& s) { return s.waitAvgS; }, 2},
      {"wait P50 (s)", "wait_p50_s", [](const SimSummary& s) { return s.waitP50S; }, 2},
      {"wait P95 (s)", "wait_p95_s", [](const SimSummary& s) { return s.waitP95S; }, 2},
      {"wait P99 (s)", "wait_p99_s", [](const SimSummary& s) { return s.waitP99S; }, 2},
      {"response avg (s)", "response_avg_s", [](const SimSummary& s) { return s.responseAvgS; }, 2},
      {"JCT avg (s)", "jct_avg_s", [](const SimSummary& s) { return s.jctAvgS; }, 2},
      {"slowdown avg", "slowdown_avg", [](const SimSummary& s) { return s.slowdownAvg; }, 3},
      {"makespan (s)", "makespan_s", [](const SimSummary& s) { return s.makespanS; }, 1},
      {"CPU busy", "utilization_cpu", [](const SimSummary& s) { return s.utilization[0]; }, 3},
      {"GPU busy", "utilization_gpu", [](const SimSummary& s) { return s.utilization[1]; }, 3},
      {"TPU busy", "utilization_tpu", [](const SimSummary& s) { return s.utilization[2]; }, 3},
      {"CPU allocated", "allocation_cpu", [](const SimSummary& s) { return s.allocation[0]; }, 3},
      {"GPU allocation ratio", "gpu_allocation_ratio", [](const SimSummary& s) { return s.gpuAllocationRatio; }, 3},
      {"TPU allocated", "allocation_tpu", [](const SimSummary& s) { return s.allocation[2]; }, 3},
      {"energy (kWh)", "energy_kwh", [](const SimSummary& s) { return s.energyJ / 3.6e6; }, 3},
      {"preemptions", "preemptions", [](const SimSummary& s) { return double(s.preemptions); }, 0},
      {"migrations", "migrations", [](const SimSummary& s) { return double(s.migrations); }, 0},
  };
  return kMetrics;
}

}  // namespace

void printWhatifTable(std::FILE* out, const std::vector<WhatifColumn>& columns) {
  std::fprintf(out, "%-22s", "metric");
  for (const WhatifColumn& c : columns) std::fprintf(out, " %18s", c.policy.c_str());
  std::fprintf(out, "\n");
  for (const Metric& m : metrics()) {
    std::fprintf(out, "%-22s", m.label);
    for (const WhatifColumn& c : columns) std::fprintf(out, " %18.*f", m.decimals, m.value(c.summary));
    std::fprintf(out, "\n");
  }
  std::fprintf(out, "%-22s", "simulation wall (s)");
  for (const WhatifColumn& c : columns) std::fprintf(out, " %18.3f", c.wallS);
  std::fprintf(out, "\n");
}

std::string whatifJson(const std::vector<WhatifColumn>& columns, const std::string& workload) {
  std::ostringstream out;
  out.precision(10);
  out << "{\n  \"workload\": \"" << workload << "\",\n  \"policies\": [";
  for (std::size_t i = 0; i < columns.size(); ++i) {
    out << (i ? "," : "") << "\n    {\"name\": \"" << columns[i].policy << "\", \"summary\": {";
    bool first = true;
    for (const Metric& m : metrics()) {
      out << (first ? "" : ", ") << "\"" << m.key << "\": " << m.value(columns[i].summary);
      first = false;
    }
    out << "}}";
  }
  out << "\n  ]\n}\n";
  return out.str();
}

void writeTimelineCsv(std::FILE* out, const SimResult& result, const Topology& topology) {
  std::fprintf(out, "job,arrival_s,start_s,end_s,node,devices,preemptions,migrations,state\n");
  for (std::size_t i = 0; i < result.jobs.size(); ++i) {
    const JobTimeline& j = result.jobs[i];
    const bool ran = j.startS >= 0.0;
    std::fprintf(out, "%zu,%.3f,%.3f,%.3f,%s,", i, j.arrivalS, j.startS, j.endS,
                 ran ? topology.nodes[j.node].name.c_str() : "");
    for (std::size_t d = 0; d < j.devices.size(); ++d) std::fprintf(out, "%s%u", d ? ";" : "", j.devices[d]);
    std::fprintf(out, ",%u,%u,%s\n", j.preemptions, j.migrations, std::string(toString(j.state)).c_str());
  }
}

}  // namespace hetsched::cli
