#pragma once

#include "engine/estimate/resource_estimate.h"
#include "base/model/job.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

// One job as the scheduling core sees it, whoever drives the core (the
// what-if simulator, the live simulated cluster, the Kubernetes scheduler).
// `spec.estimatedRuntimeS` is what the scheduler believes (SJF/SRTF order by
// it; 0 = trust `runtimeS`), `runtimeS` is what the job really takes when
// the driver knows it (a simulation does; a real cluster does not: <= 0).
struct CoreJob {
  JobSpec spec;
  double arrivalS = 0.0;
  double runtimeS = 0.0;
  std::vector<std::uint32_t> allowedModels;  // indices into Topology::models; empty: any
  std::string key;                           // hashing key (user, tenant); empty: the job's name
  // Used when spec.requests is empty: the seed's §3.2 estimate fills them.
  std::optional<TaskProfile> profile;
  // Running already (at a snapshot's cut, or bound on a real cluster):
  // starts on arrival on this node when it fits there, without queueing.
  std::optional<std::uint32_t> pinnedNode;
  // With pinnedNode: a GPU share sits on this device of the node (its index
  // within the node), as a device plugin's annotation records it.
  std::optional<std::uint32_t> pinnedDevice;
  // What the canary split hashes (the live cluster's job id, a pod's uid
  // hash); 0: the job's slot + 1.
  std::uint64_t id = 0;
};

}  // namespace hetsched
