#pragma once

#include "engine/sim/sim_result.h"

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hetsched {

struct ReplicaResults;

// One number of a what-if summary, as every front end shows and exports it.
// `key` is the JSON name (CLI --json, the store's recorded runs, the
// console's CSV), so results compare by key across them.
struct WhatifMetric {
  std::string_view key;
  std::string_view label;  // English; the console translates its own
  double (*value)(const SimSummary&);
  int decimals;
  bool higherIsBetter;
};

std::span<const WhatifMetric> whatifMetrics();

// {"completed": 12, "wait_avg_s": 3.5, ...} in whatifMetrics() order.
std::string whatifSummaryJson(const SimSummary& summary);

// {"workload": ..., "policies": [{"name": ..., "summary": {...},
//  "teams": [{"team": ..., "completed": N, "wait_avg_s": ..., "share": ...}]}, ...]}.
// With replicas: "replicas": replicasJson(*replicas) beside them.
std::string whatifJson(const std::string& workload, const std::vector<std::pair<std::string, SimSummary>>& policies,
                       const ReplicaResults* replicas = nullptr);

}  // namespace hetsched
