#pragma once

#include "base/model/job.h"
#include "base/model/topology.h"
#include "whatif_run.h"

#include <span>

namespace hetsched {

// The live cluster as a what-if workload, cut in memory from what a front
// end holds now (the topology and the job list it shows: running, queued and
// recently completed jobs), with no snapshot file in between. The cut is the
// one a snapshot's is (snapshotFromCutWorkload): running jobs stay on their
// nodes with their remaining runtime, queued ones wait, and the last
// `horizonS` of arrivals comes again, so a what-if on the cluster now and on
// a snapshot taken now run the same jobs.
WhatifWorkload liveCutWorkload(const Topology& topology, std::span<const Job> jobs, double horizonS = 3600.0);

}  // namespace hetsched
