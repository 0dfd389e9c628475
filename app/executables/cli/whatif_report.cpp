#include "whatif_report.h"

#include "whatif/whatif_metrics.h"

#include <cinttypes>

namespace hetsched::cli {

void printWhatifTable(std::FILE* out, const std::vector<WhatifColumn>& columns) {
  std::fprintf(out, "%-22s", "metric");
  for (const WhatifColumn& c : columns) std::fprintf(out, " %18s", c.policy.c_str());
  std::fprintf(out, "\n");
  for (const WhatifMetric& m : whatifMetrics()) {
    std::fprintf(out, "%-22s", std::string(m.label).c_str());
    for (const WhatifColumn& c : columns) std::fprintf(out, " %18.*f", m.decimals, m.value(c.summary));
    std::fprintf(out, "\n");
  }
  std::fprintf(out, "%-22s", "simulation wall (s)");
  for (const WhatifColumn& c : columns) std::fprintf(out, " %18.3f", c.wallS);
  std::fprintf(out, "\n");
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
