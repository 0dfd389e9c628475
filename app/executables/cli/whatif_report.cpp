#include "whatif_report.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/sim/sim_result.h"
#include "usecases/whatif/bootstrap.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_replicas.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace hetsched::cli {

namespace {

// Per device kind that a policy guarantees some team: each team's average
// and peak hold "of" its guarantee (or "of -": not limited) and the
// device-hours it held beyond it, borrowed from its cohort.
void printTeamUsage(std::FILE* out, const std::vector<WhatifColumn>& columns) {
  for (const DeviceKind kind : {DeviceKind::Cpu, DeviceKind::Gpu, DeviceKind::Tpu}) {
    const std::size_t k = index(kind);
    const bool guaranteed = std::ranges::any_of(columns, [&](const WhatifColumn& c) {
      return std::ranges::any_of(c.summary.teams,
                                 [&](const TeamService& t) { return t.usage[k].guarantee.has_value(); });
    });
    if (!guaranteed) continue;
    const std::string unit = kind == DeviceKind::Cpu ? "cores" : kind == DeviceKind::Gpu ? "GPUs" : "TPUs";
    std::fprintf(out, "\n%-22s", ("team " + unit + ": avg / peak").c_str());
    for (const WhatifColumn& c : columns) std::fprintf(out, " %30s", c.policy.c_str());
    std::fprintf(out, "\n%-22s", "  of guarantee, +borrowed h");
    std::fprintf(out, "\n");
    for (std::size_t t = 0; t < columns.front().summary.teams.size(); ++t) {
      const std::string& name = columns.front().summary.teams[t].name;
      std::fprintf(out, "%-22s", name.empty() ? "(no team)" : name.c_str());
      for (const WhatifColumn& c : columns) {
        char cell[96] = "-";
        if (t < c.summary.teams.size()) {
          const TeamUsage& u = c.summary.teams[t].usage[k];
          char of[32] = "-";
          if (u.guarantee) std::snprintf(of, sizeof of, "%.4g", *u.guarantee);
          std::snprintf(cell, sizeof cell, "%.2f / %.2f of %s, +%.2f h", u.avg, u.peak, of, u.borrowedHours);
        }
        std::fprintf(out, " %30s", cell);
      }
      std::fprintf(out, "\n");
    }
  }
}

}  // namespace

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
  printTeamTable(out, columns);
  if (!columns.empty()) printTeamUsage(out, columns);
}

void printTeamTable(std::FILE* out, const std::vector<WhatifColumn>& columns) {
  // Every policy ran the same jobs, so the first names every team.
  if (columns.empty() || columns.front().summary.teams.size() < 2) return;
  std::fprintf(out, "\n%-22s", "team: wait avg / share");
  for (const WhatifColumn& c : columns) std::fprintf(out, " %18s", c.policy.c_str());
  std::fprintf(out, "\n");
  for (std::size_t t = 0; t < columns.front().summary.teams.size(); ++t) {
    const std::string& name = columns.front().summary.teams[t].name;
    std::fprintf(out, "%-22s", name.empty() ? "(no team)" : name.c_str());
    for (const WhatifColumn& c : columns) {
      const TeamService* team = t < c.summary.teams.size() ? &c.summary.teams[t] : nullptr;
      char cell[64];
      std::snprintf(cell, sizeof cell, "%.1f s / %.1f %%", team ? team->waitAvgS : 0.0,
                    team ? 100.0 * team->share : 0.0);
      std::fprintf(out, " %18s", cell);
    }
    std::fprintf(out, "\n");
  }
}

void printReplicaTable(std::FILE* out, const ReplicaResults& replicas) {
  std::fprintf(out, "over %zu replicas (seed %llu, runtimes from %zu estimator errors): median [95 %% interval]\n",
               replicas.replicas, static_cast<unsigned long long>(replicas.seed), replicas.runtimeErrors);
  std::fprintf(out, "%-22s", "metric");
  for (const std::string& p : replicas.policies) std::fprintf(out, " %32s", p.c_str());
  std::fprintf(out, "\n");
  const auto metrics = whatifMetrics();
  for (std::size_t m = 0; m < replicas.metrics.size(); ++m) {
    const ReplicaMetric& rm = replicas.metrics[m];
    const int d = metrics[m].decimals;
    std::fprintf(out, "%-22s", std::string(metrics[m].label).c_str());
    for (const Interval& v : rm.value) {
      char cell[96];
      std::snprintf(cell, sizeof cell, "%.*f [%.*f, %.*f]", d, v.median, d, v.low, d, v.high);
      std::fprintf(out, " %32s", cell);
    }
    std::fprintf(out, "\n");
  }
  if (replicas.policies.size() < 2) return;
  std::fprintf(out, "\ndifference from %s (* : the paired 95 %% interval excludes zero)\n",
               replicas.policies[0].c_str());
  std::fprintf(out, "%-22s", "metric");
  for (std::size_t p = 1; p < replicas.policies.size(); ++p) std::fprintf(out, " %34s", replicas.policies[p].c_str());
  std::fprintf(out, "\n");
  for (std::size_t m = 0; m < replicas.metrics.size(); ++m) {
    const ReplicaMetric& rm = replicas.metrics[m];
    const int d = metrics[m].decimals;
    std::fprintf(out, "%-22s", std::string(metrics[m].label).c_str());
    for (std::size_t p = 1; p < rm.difference.size(); ++p) {
      const Interval& v = rm.difference[p];
      char cell[96];
      std::snprintf(cell, sizeof cell, "%+.*f [%+.*f, %+.*f]%s", d, v.median, d, v.low, d, v.high,
                    v.excludesZero() ? " *" : "  ");
      std::fprintf(out, " %34s", cell);
    }
    std::fprintf(out, "\n");
  }
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
