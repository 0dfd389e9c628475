#pragma once

#include "base/model/job.h"

namespace hetsched {

// The seed's §4.3 scoring rule:
//   score = task.Weight * PriorityFactor + ResourceScore * free / total
// The seed measures free/total on CPU; we take it on the resource the job is
// routed to (CPU milli on CPU nodes, accelerator capacity on GPU/TPU nodes),
// which is the seed's rule applied to a heterogeneous node.
struct NodeScoreWeights {
  double priorityFactor = 1.0;
  double resourceScore = 1.0;
};

// Task weight per priority class (§2.2: high = real-time, middle = periodic
// control, low = logging/background).
double taskWeight(PriorityClass priority);

double nodeScore(const NodeScoreWeights& weights, double taskWeight, double freeCapacity, double totalCapacity);

}  // namespace hetsched
