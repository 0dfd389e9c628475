#pragma once

#include "policy.pb.h"
#include "policy_parameter.h"
#include "whatif_sweep.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hetsched {

// A finished sweep as a front end keeps it: the policies swept (one over a
// grid, or a list), the axes and every point (runWhatifSweep's order), so
// a point's policy can be rebuilt (sweepPointPolicy) long after the inputs
// changed.
struct SweepResults {
  std::vector<v1::Policy> policies;
  std::vector<SweepAxis> axes;
  std::vector<SweepPoint> points;
  std::size_t replicas = 0;  // above 1: every point carries intervals
  std::string workload;      // the workload's description
  double wallS = 0.0;        // the whole sweep, loading the workload included
};

}  // namespace hetsched
