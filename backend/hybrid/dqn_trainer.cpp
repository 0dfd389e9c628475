#include "dqn_trainer.h"

#include "hybrid_features.h"
#include "hybrid_registration.h"
#include "hybrid_scorer.h"
#include "engine/scorer_registry.h"
#include "replay_buffer.h"
#include "sim/split_mix.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace hetsched {

namespace {

constexpr const char* kTrainingScorer = "hybrid-training";

CompiledPolicy withScorer(CompiledPolicy policy, const char* name) {
  policy.placement = PlacementKind::External;
  policy.externalScorer = name;
  return policy;
}

// Rewards per logged decision: minus the waiting-job integral from its time
// to the next decision's, in units of `scaleS`.
std::vector<double> rewardsOf(const std::vector<HybridExperience>& log, std::span<const SimJob> jobs,
                              const SimResult& result, double scaleS) {
  std::unordered_map<const JobSpec*, std::size_t> jobOf;
  for (std::size_t i = 0; i < jobs.size(); ++i) jobOf.emplace(&jobs[i].spec, i);
  double horizon = 0.0;
  for (const JobTimeline& tl : result.jobs) horizon = std::max({horizon, tl.startS, tl.arrivalS});
  std::vector<double> times(log.size(), 0.0);
  double last = 0.0;
  for (std::size_t d = 0; d < log.size(); ++d) {
    const auto it = jobOf.find(log[d].spec);
    if (log[d].action != kActionDefer && it != jobOf.end() && result.jobs[it->second].startS >= 0.0)
      last = std::max(last, result.jobs[it->second].startS);
    times[d] = last;
  }
  std::vector<double> rewards(log.size(), 0.0);
  for (std::size_t d = 0; d < log.size(); ++d) {
    const double from = times[d];
    const double to = d + 1 < log.size() ? times[d + 1] : horizon;
    if (to <= from) continue;
    double waiting = 0.0;
    for (const JobTimeline& tl : result.jobs) {
      if (tl.reason != UnschedulableReason::None) continue;
      const double end = tl.startS >= 0.0 ? tl.startS : horizon;
      waiting += std::max(0.0, std::min(end, to) - std::max(tl.arrivalS, from));
    }
    rewards[d] = -std::min(waiting / scaleS, 50.0);
  }
  return rewards;
}

double maskedMax(const Eigen::VectorXd& q, const std::vector<bool>& feasible) {
  double best = -std::numeric_limits<double>::infinity();
  for (Eigen::Index a = 0; a < q.size(); ++a)
    if (feasible[static_cast<std::size_t>(a)]) best = std::max(best, q(a));
  return std::isfinite(best) ? best : 0.0;
}

}  // namespace

HybridModel trainHybrid(const Topology& topology, const CompiledPolicy& rulePolicy, std::span<const SimJob> jobs,
                        const DqnOptions& options, const std::function<void(const EpisodeStats&)>& onEpisode) {
  Eigen::setNbThreads(1);
  SplitMix rng(options.seed);
  HybridModel model;
  model.mask = options.mask;
  model.network = QNetwork(kHybridFeatures, options.hidden, kHybridActions, rng);
  QNetwork target = model.network;
  ReplayBuffer replay(options.replayCapacity);
  std::uint64_t steps = 0;

  const CompiledPolicy policy = withScorer(rulePolicy, kTrainingScorer);
  std::span<const SimJob> validation;
  if (options.validationJobs > 0 && jobs.size() >= 2 * std::size_t{options.validationJobs}) {
    validation = jobs.last(options.validationJobs);
    jobs = jobs.first(jobs.size() - options.validationJobs);
  }
  QNetwork best = model.network;
  double bestWait = std::numeric_limits<double>::infinity();
  const std::size_t sliceSize = std::min<std::size_t>(options.episodeJobs, jobs.size());
  for (std::uint32_t e = 0; e < options.episodes; ++e) {
    const double progress = options.episodes > 1 ? static_cast<double>(e) / (options.episodes - 1) : 1.0;
    const double epsilon = options.epsilonStart + (options.epsilonEnd - options.epsilonStart) * progress;
    const std::size_t offset =
        jobs.size() > sliceSize ? rng.below(static_cast<std::uint32_t>(jobs.size() - sliceSize + 1)) : 0;
    const std::vector<SimJob> slice(jobs.begin() + static_cast<std::ptrdiff_t>(offset),
                                    jobs.begin() + static_cast<std::ptrdiff_t>(offset + sliceSize));
    double scaleS = 0.0;
    for (const SimJob& j : slice) scaleS += j.runtimeS > 0.0 && std::isfinite(j.runtimeS) ? j.runtimeS : 0.0;
    scaleS = std::max(1.0, scaleS / std::max<std::size_t>(1, slice.size()));

    std::vector<HybridExperience> log;
    ScorerRegistry registry;
    registry.add(kTrainingScorer, [&](const ScorerInput& in) -> ScorerBuild {
      return std::make_unique<HybridScorer>(in.topology, model.network, options.mask,
                                            HybridExploration{epsilon, &rng, &log});
    });
    SimulationOptions simOptions;
    simOptions.seed = options.seed;
    simOptions.scorers = &registry;
    auto run = Simulator(topology, policy, simOptions).run(slice);
    if (!std::holds_alternative<SimResult>(run)) break;
    const SimResult& result = std::get<SimResult>(run);

    const std::vector<double> rewards = rewardsOf(log, slice, result, scaleS);
    EpisodeStats stats;
    stats.episode = e + 1;
    stats.decisions = log.size();
    stats.epsilon = epsilon;
    stats.waitAvgS = result.summary.waitAvgS;
    for (std::size_t d = 0; d < log.size(); ++d) {
      stats.reward += rewards[d];
      Transition t{log[d].features, log[d].action, rewards[d], {}, {}};
      if (d + 1 < log.size()) {
        t.next = log[d + 1].features;
        t.nextFeasible = log[d + 1].feasible;
      }
      replay.push(std::move(t));
    }

    double lossSum = 0.0;
    std::uint32_t updates = 0;
    for (std::uint32_t u = 0; u < options.updatesPerEpisode && replay.size() >= options.batch; ++u) {
      Eigen::MatrixXd states(kHybridFeatures, options.batch);
      std::vector<int> actions(options.batch);
      Eigen::VectorXd targets(options.batch);
      for (std::uint32_t b = 0; b < options.batch; ++b) {
        const Transition& t = replay[rng.below(static_cast<std::uint32_t>(replay.size()))];
        states.col(b) = t.state;
        actions[b] = t.action;
        targets(b) = t.reward + (t.next.size() ? options.gamma * maskedMax(target.predict(t.next), t.nextFeasible) : 0.0);
      }
      lossSum += model.network.trainStep(states, actions, targets, options.learningRate);
      ++updates;
      if (++steps % options.targetSync == 0) target.copyParametersFrom(model.network);
    }
    stats.loss = updates ? lossSum / updates : 0.0;
    if (!validation.empty()) {
      const auto checked = runHybrid(topology, rulePolicy, model, validation, options.seed);
      if (const auto* r = std::get_if<SimResult>(&checked)) {
        stats.validationWaitS = r->summary.waitAvgS;
        if (stats.validationWaitS < bestWait) {
          bestWait = stats.validationWaitS;
          best.copyParametersFrom(model.network);
        }
      }
    }
    if (onEpisode) onEpisode(stats);
  }
  if (std::isfinite(bestWait)) model.network.copyParametersFrom(best);
  return model;
}

std::variant<SimResult, SimError> runHybrid(const Topology& topology, CompiledPolicy rulePolicy,
                                            const HybridModel& model, std::span<const SimJob> jobs,
                                            std::uint64_t seed) {
  ScorerRegistry registry;
  // Non-owning: the model outlives the run.
  addHybridScorer(registry, "hybrid", std::shared_ptr<const HybridModel>(&model, [](const HybridModel*) {}));
  SimulationOptions options;
  options.seed = seed;
  options.scorers = &registry;
  return Simulator(topology, withScorer(std::move(rulePolicy), "hybrid"), options).run(jobs);
}

}  // namespace hetsched
