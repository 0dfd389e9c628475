#pragma once

#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"

#include <cstdint>
#include <optional>

namespace hetsched {

// Feasibility on one node, every dimension at once: memory, CPU (the
// sockets of a CPU node, the host CPUs of an accelerator node), whole
// devices or a share of one GPU. The placement says which devices:
//  - CPU sockets fill one at a time, the fullest that still fits first, so
//    that whole sockets stay free for large requests;
//  - a GPU share goes to the busiest GPU it fits on (best fit, the lower
//    index on a tie), keeping whole GPUs free for whole-GPU jobs;
//  - whole GPUs/TPUs are the first fully free ones by index.
// Nothing when the job does not fit there now. Up/down is the caller's.
std::optional<Placement> fitOnNode(const Topology& topology, const CapacityState& state, const JobRequests& requests,
                                   std::uint32_t node);

// Whether the node's devices (not its CPU or memory) hold the request now.
bool acceleratorsFit(const Topology& topology, const CapacityState& state, const JobRequests& requests,
                     std::uint32_t node);

}  // namespace hetsched
