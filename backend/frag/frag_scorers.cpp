#include "frag_scorers.h"

#include "frag/frag_scorer.h"
#include "frag/policy_factory.h"
#include "frag/policy_kind.h"
#include "policy/scorer_registry.h"

#include <string>
#include <vector>

namespace hetsched {

void registerFragScorers(ScorerRegistry& registry, std::shared_ptr<const frag::TargetWorkload> workload) {
  for (const frag::PolicyKind kind : frag::kAllPolicies) {
    registry.add(std::string(frag::cliName(kind)),
                 [kind, workload](const Topology& topology, const CapacityState& state, std::uint64_t seed) {
                   return std::make_unique<FragScorer>(topology, state, frag::makePolicy(kind, *workload), seed,
                                                       workload);
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
