#pragma once

#include "model/topology.h"
#include "sim/sim_result.h"

#include <cstdio>
#include <string>
#include <vector>

namespace hetsched::cli {

struct WhatifColumn {
  std::string policy;
  SimSummary summary;
  double wallS = 0.0;
};

// The side-by-side metrics table, one column per policy.
void printWhatifTable(std::FILE* out, const std::vector<WhatifColumn>& columns);
// Per-job timeline as CSV: input index, arrival, first start, end, node,
// devices (";"-separated), preemptions, migrations, state.
void writeTimelineCsv(std::FILE* out, const SimResult& result, const Topology& topology);

}  // namespace hetsched::cli
