#pragma once

#include "engine/sim/sim_result.h"
#include "usecases/whatif/whatif_run.h"

#include <vector>

class QCustomPlot;
class QTableWidget;

namespace hetsched {

// Wait per job as SimSummary counts it (end - arrival - runtime), completed
// jobs only, ascending.
std::vector<double> sortedWaits(const SimResult& result);

// One CDF curve of job wait per policy.
void plotWaitCdf(QCustomPlot* plot, const WhatifResults& results);
// Busy share over time: a colour per policy, a line style per device kind
// present in the cluster.
void plotUtilisation(QCustomPlot* plot, const WhatifResults& results);
// The jobs whose wait changed most between the first policy and each other
// one, largest change first; at most `limit` rows.
void fillChangedJobs(QTableWidget* table, const WhatifResults& results, int limit = 200);

}  // namespace hetsched
