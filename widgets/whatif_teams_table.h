#pragma once

#include "usecases/whatif/whatif_run.h"

class QTableWidget;

namespace hetsched {

// The What-if tab's Teams table: a row per policy and team with its jobs
// completed, mean wait and share of the service, and per device kind (GPUs
// always, first; CPU cores and TPUs when some policy guarantees a team them) its
// guarantee, time-averaged and peak hold, and the device-hours it held
// beyond its guarantee, borrowed from its cohort.
void fillTeamsTable(QTableWidget* table, const WhatifResults& results);

}  // namespace hetsched
