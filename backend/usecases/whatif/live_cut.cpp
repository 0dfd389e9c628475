#include "live_cut.h"

#include "base/model/job.h"
#include "base/model/topology.h"
#include "whatif_run.h"

#include <span>
#include <string>

namespace hetsched {

WhatifWorkload liveCutWorkload(const Topology& topology, std::span<const Job> jobs, double horizonS) {
  WhatifWorkload w = snapshotFromCutWorkload(topology, jobs, horizonS);
  w.description = "the live cluster " + topology.clusterName + " now: " + std::to_string(w.facts.running) +
                  " running, " + std::to_string(w.facts.queued) + " queued, then the last " +
                  std::to_string(static_cast<long long>(horizonS)) + " s of arrivals again (" +
                  std::to_string(w.facts.again) + " jobs)";
  w.facts.kind = WorkloadFacts::Kind::LiveCut;
  return w;
}

}  // namespace hetsched
