#include "whatif_metrics.h"

#include "base/model/device_kind.h"
#include "engine/sim/sim_result.h"
#include "whatif_replicas.h"

#include <array>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

const std::array kMetrics{
    WhatifMetric{"completed", "jobs completed", [](const SimSummary& s) { return double(s.completed); }, 0, true},
    WhatifMetric{"unschedulable", "unschedulable", [](const SimSummary& s) { return double(s.unschedulable); }, 0,
                 false},
    WhatifMetric{"wait_avg_s", "wait avg (s)", [](const SimSummary& s) { return s.waitAvgS; }, 2, false},
    WhatifMetric{"wait_p50_s", "wait P50 (s)", [](const SimSummary& s) { return s.waitP50S; }, 2, false},
    WhatifMetric{"wait_p95_s", "wait P95 (s)", [](const SimSummary& s) { return s.waitP95S; }, 2, false},
    WhatifMetric{"wait_p99_s", "wait P99 (s)", [](const SimSummary& s) { return s.waitP99S; }, 2, false},
    WhatifMetric{"response_avg_s", "response avg (s)", [](const SimSummary& s) { return s.responseAvgS; }, 2, false},
    WhatifMetric{"jct_avg_s", "JCT avg (s)", [](const SimSummary& s) { return s.jctAvgS; }, 2, false},
    WhatifMetric{"slowdown_avg", "slowdown avg", [](const SimSummary& s) { return s.slowdownAvg; }, 3, false},
    WhatifMetric{"makespan_s", "makespan (s)", [](const SimSummary& s) { return s.makespanS; }, 1, false},
    WhatifMetric{"utilization_cpu", "CPU busy", [](const SimSummary& s) { return s.utilization[0]; }, 3, true},
    WhatifMetric{"utilization_gpu", "GPU busy", [](const SimSummary& s) { return s.utilization[1]; }, 3, true},
    WhatifMetric{"utilization_tpu", "TPU busy", [](const SimSummary& s) { return s.utilization[2]; }, 3, true},
    WhatifMetric{"allocation_cpu", "CPU allocated", [](const SimSummary& s) { return s.allocation[0]; }, 3, true},
    WhatifMetric{"gpu_allocation_ratio", "GPU allocation ratio",
                 [](const SimSummary& s) { return s.gpuAllocationRatio; }, 3, true},
    WhatifMetric{"gpu_allocation_arrivals", "GPU alloc (arrivals)",
                 [](const SimSummary& s) { return s.allocationDuringArrivals[1]; }, 3, true},
    WhatifMetric{"allocation_tpu", "TPU allocated", [](const SimSummary& s) { return s.allocation[2]; }, 3, true},
    WhatifMetric{"energy_kwh", "energy (kWh)", [](const SimSummary& s) { return s.energyJ / 3.6e6; }, 3, false},
    WhatifMetric{"preemptions", "preemptions", [](const SimSummary& s) { return double(s.preemptions); }, 0, false},
    WhatifMetric{"migrations", "migrations", [](const SimSummary& s) { return double(s.migrations); }, 0, false},
    // The papers' metrics (docs/metrics.md).
    WhatifMetric{"jct_p99_s", "JCT P99 (s)", [](const SimSummary& s) { return s.jctP99S; }, 2, false},
    WhatifMetric{"gpu_hours", "GPU-hours", [](const SimSummary& s) { return s.gpuHours; }, 2, false},
    WhatifMetric{"slo_violations", "SLO violations", [](const SimSummary& s) { return double(s.sloViolations); }, 0,
                 false},
    WhatifMetric{"goodput", "goodput", [](const SimSummary& s) { return s.goodput; }, 3, true},
    WhatifMetric{"jain_teams", "Jain index (teams)", [](const SimSummary& s) { return s.jainTeams; }, 3, true},
    WhatifMetric{"jain_users", "Jain index (users)", [](const SimSummary& s) { return s.jainUsers; }, 3, true},
    WhatifMetric{"ftf_rho_avg", "finish-time fairness avg", [](const SimSummary& s) { return s.rhoAvg; }, 3, false},
    WhatifMetric{"ftf_rho_max", "finish-time fairness max", [](const SimSummary& s) { return s.rhoMax; }, 3, false},
};

nlohmann::ordered_json summaryObject(const SimSummary& summary) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const WhatifMetric& m : kMetrics) out[std::string(m.key)] = m.value(summary);
  return out;
}

// Per device kind, in devices: the guarantee (null: not limited), the
// time-averaged and peak hold, and the device-hours beyond the guarantee.
nlohmann::ordered_json usageObject(const TeamService& t) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const DeviceKind kind : {DeviceKind::Cpu, DeviceKind::Gpu, DeviceKind::Tpu}) {
    const TeamUsage& u = t.usage[index(kind)];
    out[std::string(toString(kind))] = {{"guarantee", u.guarantee ? nlohmann::ordered_json(*u.guarantee) : nullptr},
                                        {"avg", u.avg},
                                        {"peak", u.peak},
                                        {"borrowed_hours", u.borrowedHours}};
  }
  return out;
}

nlohmann::ordered_json teamsArray(const SimSummary& summary) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const TeamService& t : summary.teams)
    out.push_back({{"team", t.name},
                   {"completed", t.completed},
                   {"wait_avg_s", t.waitAvgS},
                   {"share", t.share},
                   {"usage", usageObject(t)}});
  return out;
}

}  // namespace

std::span<const WhatifMetric> whatifMetrics() { return kMetrics; }

std::string whatifSummaryJson(const SimSummary& summary) { return summaryObject(summary).dump(); }

std::string whatifJson(const std::string& workload, const std::vector<std::pair<std::string, SimSummary>>& policies,
                       const ReplicaResults* replicas) {
  nlohmann::ordered_json out;
  out["workload"] = workload;
  out["policies"] = nlohmann::ordered_json::array();
  for (const auto& [name, summary] : policies)
    out["policies"].push_back({{"name", name}, {"summary", summaryObject(summary)}, {"teams", teamsArray(summary)}});
  if (replicas) out["replicas"] = nlohmann::ordered_json::parse(replicasJson(*replicas));
  // A path in the workload need not be UTF-8; replace rather than throw.
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace hetsched
