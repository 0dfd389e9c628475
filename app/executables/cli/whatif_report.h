#pragma once

#include "base/model/topology.h"
#include "engine/sim/sim_result.h"
#include "usecases/whatif/whatif_replicas.h"

#include <cstdio>
#include <string>
#include <vector>

namespace hetsched::cli {

struct WhatifColumn {
  std::string policy;
  SimSummary summary;
  double wallS = 0.0;
};

// The side-by-side metrics table, one column per policy, then the teams'.
void printWhatifTable(std::FILE* out, const std::vector<WhatifColumn>& columns);
// Each team's mean wait and share under each policy (when there are two
// teams or more), then, per device kind some policy guarantees a team, each
// team's average and peak hold against its guarantee and what it borrowed.
void printTeamTable(std::FILE* out, const std::vector<WhatifColumn>& columns);
// Each metric's median and 95 % interval over the replicas per policy, then
// each policy's paired difference from the first, * where significant.
void printReplicaTable(std::FILE* out, const ReplicaResults& replicas);
// Per-job timeline as CSV: input index, arrival, first start, end, node,
// devices (";"-separated), preemptions, migrations, state.
void writeTimelineCsv(std::FILE* out, const SimResult& result, const Topology& topology);

}  // namespace hetsched::cli
