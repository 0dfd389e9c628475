#pragma once

#include "action_mask.h"
#include "policy/compiled_policy.h"
#include "sim/simulator.h"
#include "weights_file.h"

#include <functional>
#include <span>
#include <vector>

namespace hetsched {

struct DqnOptions {
  std::uint32_t episodes = 30;
  std::uint64_t seed = 1;
  std::uint32_t episodeJobs = 400;  // jobs per workload slice (one episode)
  std::vector<int> hidden{32, 32};
  double gamma = 0.95;
  double learningRate = 1e-3;
  std::uint32_t batch = 32;
  std::uint32_t updatesPerEpisode = 200;
  std::uint32_t targetSync = 100;  // gradient steps between target network copies
  std::uint32_t replayCapacity = 50'000;
  double epsilonStart = 0.5;  // decays linearly to epsilonEnd over the episodes
  double epsilonEnd = 0.05;
  MaskMode mask = MaskMode::Soft;
  // The last validationJobs training jobs are never an episode; after each
  // episode the greedy policy runs on them and the network with the lowest
  // average wait there is the one returned. 0: keep the last network.
  std::uint32_t validationJobs = 0;
};

struct EpisodeStats {
  std::uint32_t episode = 0;
  double reward = 0.0;  // sum over the episode's decisions
  double loss = 0.0;    // mean Huber loss of the episode's gradient steps
  std::size_t decisions = 0;
  double epsilon = 0.0;
  double waitAvgS = 0.0;
  double validationWaitS = -1.0;  // greedy policy on the validation jobs; -1 without
};

// DQN (experience replay, target network, epsilon-greedy) for the hybrid
// scorer, inside the simulator. An episode is a slice of `jobs` (sorted by
// arrival) run under `rulePolicy` with its placement replaced by the hybrid
// scorer. The reward of a decision is minus the queueing it is followed by:
// the number of waiting jobs integrated from this decision to the next, in
// units of the slice's mean runtime, so an episode's return is minus its
// total wait and a placement that strands a large job pays for it. The
// decision's time is the start of the job it placed (a defer takes the
// previous decision's). Same seed, same weights: one SplitMix stream drives
// initialisation, slicing, exploration and sampling, and Eigen runs on one
// thread.
HybridModel trainHybrid(const Topology& topology, const CompiledPolicy& rulePolicy, std::span<const SimJob> jobs,
                        const DqnOptions& options, const std::function<void(const EpisodeStats&)>& onEpisode = {});

// `rulePolicy` with its placement replaced by the trained hybrid scorer.
std::variant<SimResult, SimError> runHybrid(const Topology& topology, CompiledPolicy rulePolicy,
                                            const HybridModel& model, std::span<const SimJob> jobs,
                                            std::uint64_t seed = 1);

}  // namespace hetsched
