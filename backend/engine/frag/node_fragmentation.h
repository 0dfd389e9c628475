#pragma once

#include "base/model/gpu_fragmentation.h"
#include "base/model/job.h"
#include "base/model/topology.h"

#include <span>

namespace hetsched {

// The ATC'23 fragmentation of every GPU node (Weng et al., §4), from a job
// list: each GPU node mirrored as a frag::GpuNode holding its running jobs
// (as FragScorer mirrors the simulator's), measured with frag::Fragmentation
// against the target workload of the listed jobs that ask for GPUs (queued,
// running and finished: the shapes the cluster is asked to serve; CPU jobs
// go to CPU nodes here, so they are not counted against GPU nodes' free
// share). A job the node could not hold (a list taken mid-change) is skipped
// and counted rather than driving free capacity below zero.
ClusterFragmentation fragmentationOf(const Topology& topology, std::span<const Job> jobs, double popularity = 0.95);

}  // namespace hetsched
