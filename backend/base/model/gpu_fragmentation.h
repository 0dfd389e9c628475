#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

// The values frag::fragmentationOf (frag/node_fragmentation.h) reports, kept
// here so that views can show them without the fragmentation code.

// Where GPU capacity is lost on one GPU node of a running cluster.
struct NodeFragmentation {
  std::uint32_t node = 0;
  std::uint32_t gpus = 0;
  std::uint32_t freeMilli = 0;         // free share over all its GPUs (1000 = one GPU)
  std::uint32_t partlyFreeMilli = 0;   // of which on GPUs partly in use
  double fragmentedMilli = 0.0;        // frag::Fragmentation::ofNode (ATC'23 §4)
};

struct ClusterFragmentation {
  std::vector<NodeFragmentation> nodes;  // GPU nodes, in topology order
  std::uint64_t freeMilli = 0;
  std::uint64_t partlyFreeMilli = 0;
  double fragmentedMilli = 0.0;
  std::size_t workloadShapes = 0;   // task shapes the measure was taken against
  std::size_t skippedJobs = 0;      // running jobs that did not fit what the list left free
};

}  // namespace hetsched
