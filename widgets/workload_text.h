#pragma once

#include "usecases/whatif/whatif_run.h"

#include <QString>

namespace hetsched {

// A what-if workload in the operator's language (WorkloadFacts), e.g.
// "the cut of snapshot #3 of sim-cluster: 112 running, 4 queued, then the
// last 3600 s of arrivals again (230 jobs)".
QString workloadText(const WorkloadFacts& facts);
// The results' workload in words; their description as it came when no
// facts were filled in (results made elsewhere).
QString workloadText(const WhatifResults& results);

}  // namespace hetsched
