#pragma once

#include "estimate/resource_estimate.h"
#include "model/job.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

// One job of a what-if run. `spec.estimatedRuntimeS` is what the scheduler
// believes (SJF/SRTF order by it; 0 = trust `runtimeS`), `runtimeS` is what
// the job really takes.
struct SimJob {
  JobSpec spec;
  double arrivalS = 0.0;
  double runtimeS = 0.0;
  std::vector<std::uint32_t> allowedModels;  // indices into Topology::models; empty: any
  std::string key;                           // hashing key (user, tenant); empty: the job's name
  // Used when spec.requests is empty: the seed's §3.2 estimate fills them.
  std::optional<TaskProfile> profile;
  // Running at a snapshot's cut: starts on arrival on this node when it fits
  // there, without queueing, so what-ifs begin from the cluster as it was.
  std::optional<std::uint32_t> pinnedNode;
};

}  // namespace hetsched
