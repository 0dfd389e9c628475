// The workloads the hybrid's tests train and test on: small GPU clusters
// and jobs that fragment them (shared by tst_hybrid and
// tst_hybrid_experiment).
#pragma once

#include "base/model/topology.h"
#include "engine/hybrid/policy_search.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace hetsched::test {

// Eight 8-GPU nodes. Most jobs take one GPU, some a whole node: the §4.3
// score (worst fit on uniform nodes) spreads the small ones over every
// node, so a whole-node job waits for a node to drain completely.
Topology gpuCluster(std::uint32_t nodes = 8);
// 12 % whole-node jobs, the rest one GPU; exponential runtimes and gaps.
std::vector<SimJob> fragmentingJobs(std::size_t count, std::uint64_t seed, double startS = 0.0);
CompiledPolicy seedScore();
// A search small enough for a test.
HybridTrainingOptions quick(std::uint64_t seed);
// One fragmentingJobs workload of `jobs` per seed, named "w<seed>".
std::vector<TrainingWorkload> workloads(std::initializer_list<std::uint64_t> seeds, std::size_t jobs);
SimSummary simulate(const Topology& t, const CompiledPolicy& p, const std::vector<SimJob>& jobs);

}  // namespace hetsched::test
