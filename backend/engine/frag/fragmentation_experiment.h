#pragma once

#include "data/trace/trace_node.h"
#include "data/trace/trace_pod.h"
#include "gpu_node.h"
#include "pod_request.h"
#include "policy_kind.h"
#include "seeded_rng.h"
#include "target_workload.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hetsched::frag {

struct FragmentationExperimentConfig {
  std::vector<PolicyKind> policies{kAllPolicies.begin(), kAllPolicies.end()};
  std::vector<std::uint64_t> seeds{42};
  // Tasks arrive until their GPU requests reach this share of the cluster's GPUs.
  double inflation = 1.3;
  // Arrived workload, in % of the cluster's GPU capacity, at which to report.
  std::vector<int> levels{80, 90, 95, 100, 105, 110, 120, 130};
  double popularity = 0.95;  // of the target workload
  // The authors' simulator prefixes node names with a seeded random
  // permutation ("0042-openb-node-0001"), so that ties, which go to the
  // smallest name, fall on a different node for every seed. Off: ties go
  // to the smallest original name in every run.
  bool shuffleNodeNames = true;
  unsigned workers = 2;
};

// One policy on one seed. unallocatedPct[i] belongs to levels[i]; NaN when
// the arrivals never came near that level.
struct FragmentationRun {
  PolicyKind policy = PolicyKind::Fgd;
  std::uint64_t seed = 0;
  std::vector<double> unallocatedPct;
  std::size_t tasks = 0;
  std::size_t failedTasks = 0;
  double seconds = 0.0;
};

struct FragmentationSummary {
  PolicyKind policy = PolicyKind::Fgd;
  std::vector<double> medianUnallocatedPct;  // over seeds, per level
  std::vector<double> secondsPerSeed;
  std::vector<FragmentationRun> runs;
};

// The trace replay of Weng et al., ATC'23 ("Beware of Fragmentation"), as
// the authors' simulator runs it, on the scheduling core (AtcReplay): the pod list sorted by name, shuffled with
// the seed, topped up by resampling with replacement until GPU requests reach
// `inflation` x the cluster's GPUs; each task is tried once, in order, and
// none leaves. After every task the allocated GPU share is recorded against
// the arrived GPU requests; the unallocated GPU % at a level is 100 minus
// the mean allocated % over the tasks at which arrivals round to that level.
class FragmentationExperiment {
 public:
  FragmentationExperiment(const std::vector<trace::TraceNode>& nodes, const std::vector<trace::TracePod>& pods,
                          FragmentationExperimentConfig config);

  const TargetWorkload& targetWorkload() const { return *m_workload; }
  std::uint64_t gpuCapacityMilli() const { return m_capacityMilli; }
  // The arrival order for one seed.
  std::vector<PodRequest> workloadFor(std::uint64_t seed) const;
  // The cluster for one seed (names prefixed when shuffleNodeNames is set).
  std::vector<GpuNode> clusterFor(std::uint64_t seed) const;
  FragmentationRun runOne(PolicyKind policy, std::uint64_t seed) const;
  // Every policy on every seed, spread over config.workers threads.
  std::vector<FragmentationSummary> run() const;

  static PodRequest toRequest(const trace::TracePod& pod);
  static std::vector<GpuNode> toNodes(const std::vector<trace::TraceNode>& nodes);

 private:
  // Draws in this order from one generator: shuffle, resampling, node
  // permutation, then the seed of the scheduler's own generator.
  std::vector<PodRequest> workload(SeededRng& rng) const;
  std::vector<GpuNode> cluster(SeededRng& rng) const;

  std::vector<trace::TraceNode> m_nodes;
  std::vector<PodRequest> m_pods;  // sorted by name
  FragmentationExperimentConfig m_config;
  std::shared_ptr<const TargetWorkload> m_workload;
  std::uint64_t m_capacityMilli = 0;
};

}  // namespace hetsched::frag
