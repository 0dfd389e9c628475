#pragma once

#include "base/model/topology.h"
#include "sim_job.h"

#include <cstdint>
#include <vector>

namespace hetsched {

// A heterogeneous cluster of `nodes` nodes from the seed's device table:
// 60 % CPU nodes (2 Xeon sockets), 30 % GPU nodes (8 A100), 10 % TPU nodes
// (4 TPU v4).
Topology syntheticTopology(std::uint32_t nodes);

// `count` jobs: 60 % CPU work (service, batch, real-time), 35 % GPU training
// (a third of it GPU shares), 5 % TPU inference, which loads the three kinds
// of syntheticTopology() about evenly; keys from 1,000 tenants; runtimes a mix of short
// (80 %, mean 60 s) and long (mean 1,800 s) jobs; Poisson arrivals paced so
// that the busiest kind is offered `load` of its capacity. Same seed, same jobs.
std::vector<SimJob> syntheticJobs(const Topology& topology, std::uint64_t count, std::uint64_t seed, double load = 0.9);

// The same jobs with a rush: arrivals are paced for `baseLoad`, except that
// between 30 % and 70 % of the jobs they come `overload` times faster
// (offered load baseLoad * overload > 1), so a queue of thousands of
// jobs of every priority class, whole GPUs and GPU shares, builds up and
// drains afterwards. What `hetsched bench sim --workload backlog` runs.
std::vector<SimJob> syntheticBacklogJobs(const Topology& topology, std::uint64_t count, std::uint64_t seed,
                                         double baseLoad = 0.8, double overload = 1.6);

}  // namespace hetsched
