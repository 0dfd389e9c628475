#pragma once

#include "base/model/job.h"
#include "target_workload.h"

#include <memory>
#include <span>

namespace hetsched {

class ScorerRegistry;

// Registers the six ATC'23 policies as EXTERNAL placement scorers under
// their command-line names (random, dotprod, clustering, packing, bestfit,
// fgd). FGD measures fragmentation against `workload`: the task shapes the
// cluster is expected to serve.
void registerFragScorers(ScorerRegistry& registry, const std::shared_ptr<const frag::TargetWorkload>& workload);

// FGD's target workload for a set of jobs: their most popular request shapes.
frag::TargetWorkload targetWorkloadOf(std::span<const JobRequests> requests, double popularity = 0.95);

}  // namespace hetsched
