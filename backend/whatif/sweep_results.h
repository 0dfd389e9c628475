#pragma once

#include "policy.pb.h"
#include "policy_parameter.h"
#include "whatif_sweep.h"

#include <string>
#include <vector>

namespace hetsched {

// A finished sweep as a front end keeps it: the policy swept, its axes and
// every point (runWhatifSweep's order), so a point's policy can be rebuilt
// (withParameter over the axes) long after the inputs changed.
struct SweepResults {
  v1::Policy policy;
  std::vector<SweepAxis> axes;
  std::vector<SweepPoint> points;
  std::string workload;  // the workload's description
  double wallS = 0.0;    // the whole sweep, loading the workload included
};

}  // namespace hetsched
