#pragma once

#include "data/store/snapshot_data.h"
#include "sources/cluster/sim_options.h"

#include <cstddef>
#include <string>

namespace hetsched::cli {

// Runs a simulated cluster for `frames` agent periods and takes the
// snapshot the gateway would: topology, running and queued jobs, the
// history. With minJobs above what the cluster holds, synthetic queued jobs
// (copies of real ones under new ids) fill the queue up to it, for benches.
SnapshotData recordSimSnapshot(const SimOptions& options, std::size_t frames, std::size_t minJobs, std::string name);

}  // namespace hetsched::cli
