#include "frag_scorers.h"

#include "base/model/job.h"
#include "engine/core/scorer_registry.h"
#include "frag_scorer.h"
#include "pod_request.h"
#include "policy_kind.h"
#include "target_workload.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

void registerFragScorers(ScorerRegistry& registry, const std::shared_ptr<const frag::TargetWorkload>& workload) {
  for (const frag::PolicyKind kind : frag::kAllPolicies) {
    registry.add(std::string(frag::cliName(kind)), [kind, workload](const ScorerInput& in) -> ScorerBuild {
      return std::make_unique<FragScorer>(in.topology, kind, workload, in.seed);
    });
  }
}

frag::TargetWorkload targetWorkloadOf(std::span<const JobRequests> requests, double popularity) {
  std::vector<frag::PodRequest> pods;
  pods.reserve(requests.size());
  for (const JobRequests& r : requests) pods.push_back(FragScorer::podOf(r));
  return frag::TargetWorkload::fromPods(pods, popularity);
}

}  // namespace hetsched
