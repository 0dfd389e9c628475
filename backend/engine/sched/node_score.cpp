#include "node_score.h"

#include "base/model/job.h"

namespace hetsched {

double taskWeight(PriorityClass priority) {
  switch (priority) {
    case PriorityClass::High: return 3.0;
    case PriorityClass::Middle: return 2.0;
    case PriorityClass::Low: return 1.0;
  }
  return 1.0;
}

double nodeScore(const NodeScoreWeights& weights, double weight, double freeCapacity, double totalCapacity) {
  const double fit = totalCapacity > 0.0 ? freeCapacity / totalCapacity : 0.0;
  return weight * weights.priorityFactor + weights.resourceScore * fit;
}

}  // namespace hetsched
