#include "policy_search.h"

#include "base/model/device_kind.h"
#include "base/model/for_each_index.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/scorer_registry.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "engine/sim/split_mix.h"
#include "hybrid_features.h"
#include "hybrid_registration.h"
#include "weights_file.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <math.h>
#include <memory>
#include <numeric>
#include <span>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

using Weights = std::array<double, kHybridParameters>;

// What the objective reads of one run.
struct Outcome {
  double waitS = std::numeric_limits<double>::infinity();
  double gpuAllocArrivals = 0.0;  // share of GPU capacity allocated while jobs arrive
};

struct Episode {
  std::vector<SimJob> jobs;
  double epsilonS = 1.0;
  Outcome rule;
};

Outcome outcomeOf(const std::variant<SimResult, SimError>& run) {
  const auto* r = std::get_if<SimResult>(&run);
  if (!r) return {};
  return {r->summary.waitAvgS, r->summary.allocationDuringArrivals[index(DeviceKind::Gpu)]};
}

// `count` jobs from `from`, arrivals from 0 and multiplied by `scale`.
Episode episodeOf(std::span<const SimJob> jobs, std::size_t from, std::size_t count, double scale) {
  Episode e;
  const auto slice = jobs.subspan(from, std::min(count, jobs.size() - from));
  e.jobs.assign(slice.begin(), slice.end());
  const double origin = e.jobs.empty() ? 0.0 : e.jobs.front().arrivalS;
  double runtime = 0.0;
  for (SimJob& j : e.jobs) {
    j.arrivalS = (j.arrivalS - origin) * scale;
    runtime += j.runtimeS;
  }
  e.epsilonS = std::max(1.0, 0.01 * runtime / std::max<double>(1.0, static_cast<double>(e.jobs.size())));
  return e;
}

// ln of the wait against the rule's, plus `allocationWeight` times ln of
// how far GPU allocation while jobs arrive falls short of the rule's (0
// when it does not): the issue judges the hybrid by both.
double score(const Outcome& o, const Episode& e, double allocationWeight) {
  const double wait = std::log((o.waitS + e.epsilonS) / (e.rule.waitS + e.epsilonS));
  const double shortfall = std::log((e.rule.gpuAllocArrivals + 1e-3) / (o.gpuAllocArrivals + 1e-3));
  return wait + allocationWeight * std::max(0.0, shortfall);
}

class Evaluator {
 public:
  Evaluator(const Topology& topology, const CompiledPolicy& rule, QueueKind queue, std::uint32_t workers)
      : m_topology(topology), m_rule(rule), m_hybrid(hybridPolicy(rule, queue)), m_workers(std::max(1u, workers)) {}

  Outcome rule(const Episode& e) const {
    SimulationOptions o;
    return outcomeOf(Simulator(m_topology, m_rule, o).run(e.jobs));
  }
  Outcome hybrid(const Weights& w, const Episode& e) const {
    HybridModel model;
    model.weights = w;
    return outcomeOf(runHybrid(m_topology, m_hybrid, model, e.jobs));
  }
  // runs[c][e] for every candidate and episode, on the workers.
  std::vector<std::vector<Outcome>> runs(std::span<const Weights> candidates, std::span<const Episode> episodes) const {
    std::vector<std::vector<Outcome>> out(candidates.size(), std::vector<Outcome>(episodes.size()));
    forEachIndex(candidates.size() * episodes.size(), m_workers, [&](std::size_t t) {
      out[t / episodes.size()][t % episodes.size()] =
          hybrid(candidates[t / episodes.size()], episodes[t % episodes.size()]);
    });
    return out;
  }

 private:
  const Topology& m_topology;
  const CompiledPolicy& m_rule;
  CompiledPolicy m_hybrid;
  std::uint32_t m_workers;
};

double meanScore(const std::vector<Outcome>& runs, std::span<const Episode> episodes, double allocationWeight) {
  double s = 0.0;
  for (std::size_t e = 0; e < episodes.size(); ++e) s += score(runs[e], episodes[e], allocationWeight);
  return episodes.empty() ? 0.0 : s / static_cast<double>(episodes.size());
}

double normal(SplitMix& rng) {
  // Box-Muller on our own generator: std:: distributions differ by library.
  return std::sqrt(-2.0 * std::log(rng.uniform())) * std::cos(2.0 * M_PI * rng.uniform());
}

}  // namespace

std::vector<double> trainingScales(const HybridTrainingOptions& options) {
  std::vector<double> out = options.arrivalScales;
  out.insert(out.end(), options.backlogScales.begin(), options.backlogScales.end());
  return out;
}

std::vector<std::vector<std::size_t>> trainingSlices(std::span<const TrainingWorkload> training,
                                                     const HybridTrainingOptions& options, std::uint32_t restart) {
  // A stream of its own per restart, whatever the seed.
  SplitMix rng(0x243f6a8885a308d3ull + restart);
  std::vector<std::vector<std::size_t>> out(options.generations);
  const std::size_t scales = trainingScales(options).size();
  for (std::vector<std::size_t>& generation : out)
    for (const TrainingWorkload& w : training)
      for (std::size_t s = 0; s < scales; ++s) {
        const std::size_t count = std::min<std::size_t>(options.episodeJobs, w.jobs.size());
        generation.push_back(rng.below(static_cast<std::uint32_t>(w.jobs.size() - count + 1)));
      }
  return out;
}

HybridTraining trainHybrid(const Topology& topology, const CompiledPolicy& rulePolicy,
                           std::span<const TrainingWorkload> trainingLists,
                           std::span<const TrainingWorkload> validationLists, const HybridTrainingOptions& options,
                           const std::function<void(const GenerationStats&)>& onGeneration) {
  const auto training = withModelTies(trainingLists, topology, options.modelTieShare);
  const auto validation = withModelTies(validationLists, topology, options.modelTieShare);
  const std::vector<double> scales = trainingScales(options);
  const Evaluator eval(topology, rulePolicy, options.queue, options.workers);

  std::vector<Episode> checks;
  for (const TrainingWorkload& w : validation)
    for (const double scale : options.arrivalScales) {
      const std::size_t count = std::min<std::size_t>(options.validationJobs, w.jobs.size());
      checks.push_back(episodeOf(w.jobs, (w.jobs.size() - count) / 2, count, scale));
    }
  for (Episode& e : checks) e.rule = eval.rule(e);
  auto validate = [&](const Weights& w) { return eval.runs(std::span(&w, 1), checks).front(); };
  auto meanWait = [](const std::vector<Outcome>& runs) {
    double sum = 0.0;
    for (const Outcome& o : runs) sum += o.waitS;
    return sum / std::max<double>(1.0, static_cast<double>(runs.size()));
  };
  const double allocationWeight = options.allocationWeight;

  HybridTraining out;
  const std::size_t elite = std::clamp<std::size_t>(options.elite, 1, options.population);
  // The mean is averaged from this generation on (the second half).
  const std::uint32_t averageFrom = options.generations / 2 + 1;
  double bestValidation = std::numeric_limits<double>::infinity();
  std::vector<Outcome> bestChecks;
  for (std::uint32_t restart = 0; restart < std::max(1u, options.restarts); ++restart) {
    // The first search draws from the seed itself, the others from streams
    // split off it.
    SplitMix rng(restart == 0 ? options.seed : SplitMix(options.seed ^ (0x5851f42d4c957f2dull * restart)).next());
    const auto slices = trainingSlices(training, options, restart);
    Weights mean{};  // all zero: the queue's head on the rule engine's node (hybrid_features.h)
    Weights sigma;
    sigma.fill(1.0);
    Weights sum{};
    std::uint32_t averaged = 0;
    for (std::uint32_t g = 1; g <= options.generations; ++g) {
      std::vector<Episode> episodes;
      std::size_t slice = 0;
      for (const TrainingWorkload& w : training)
        for (const double scale : scales) {
          const std::size_t count = std::min<std::size_t>(options.episodeJobs, w.jobs.size());
          episodes.push_back(episodeOf(w.jobs, slices[g - 1][slice++], count, scale));
        }
      for (Episode& e : episodes) e.rule = eval.rule(e);

      // Antithetic pairs: a step and its opposite, so that the elite's mean
      // moves by what the weights do, not by the draw's own imbalance.
      std::vector<Weights> candidates{mean};
      while (candidates.size() < std::size_t{options.population} + 1) {
        Weights d;
        for (std::size_t i = 0; i < d.size(); ++i) d[i] = sigma[i] * normal(rng);
        Weights plus = mean, minus = mean;
        for (std::size_t i = 0; i < d.size(); ++i) plus[i] += d[i], minus[i] -= d[i];
        candidates.push_back(plus);
        if (candidates.size() < std::size_t{options.population} + 1) candidates.push_back(minus);
      }
      const auto runs = eval.runs(candidates, episodes);
      std::vector<double> scores(candidates.size());
      for (std::size_t c = 0; c < candidates.size(); ++c) scores[c] = meanScore(runs[c], episodes, allocationWeight);
      std::vector<std::size_t> order(candidates.size());
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return scores[a] < scores[b]; });

      // The elite's mean and spread, smoothed so that one lucky generation
      // cannot throw the search away; a floor on the spread keeps exploring.
      Weights eliteMean{}, eliteSpread{};
      for (std::size_t k = 0; k < elite; ++k)
        for (std::size_t i = 0; i < mean.size(); ++i)
          eliteMean[i] += candidates[order[k]][i] / static_cast<double>(elite);
      for (std::size_t k = 0; k < elite; ++k)
        for (std::size_t i = 0; i < mean.size(); ++i) {
          const double d = candidates[order[k]][i] - eliteMean[i];
          eliteSpread[i] += d * d / static_cast<double>(elite);
        }
      double sigmaSum = 0.0;
      for (std::size_t i = 0; i < mean.size(); ++i) {
        mean[i] = 0.7 * eliteMean[i] + 0.3 * mean[i];
        sigma[i] = std::max(0.05, 0.7 * std::sqrt(eliteSpread[i]) + 0.3 * sigma[i]);
        sigmaSum += sigma[i];
      }
      if (g >= averageFrom) {
        for (std::size_t i = 0; i < mean.size(); ++i) sum[i] += mean[i];
        ++averaged;
      }
      GenerationStats stats;
      stats.restart = restart;
      stats.generation = g;
      stats.trainMean = std::accumulate(scores.begin(), scores.end(), 0.0) / static_cast<double>(scores.size());
      stats.trainBest = scores[order.front()];
      stats.sigma = sigmaSum / static_cast<double>(mean.size());
      const auto vw = validate(mean);
      stats.validation = meanScore(vw, checks, allocationWeight);
      stats.validationWaitS = meanWait(vw);
      out.curve.push_back(stats);
      if (onGeneration) onGeneration(stats);
    }
    // The averaged mean (the mean itself when nothing was averaged: no
    // generations, the rule engine).
    Weights kept = mean;
    if (averaged > 0)
      for (std::size_t i = 0; i < kept.size(); ++i) kept[i] = sum[i] / static_cast<double>(averaged);
    const auto waits = validate(kept);
    const double score = meanScore(waits, checks, allocationWeight);
    out.restartScores.push_back(score);
    if (score < bestValidation) {
      bestValidation = score;
      out.model.weights = kept;
      out.restart = restart;
      bestChecks = waits;
    }
  }

  double rule = 0.0;
  bool worse = false;
  for (std::size_t e = 0; e < checks.size(); ++e) {
    rule += checks[e].rule.waitS / static_cast<double>(checks.size());
    worse = worse || bestChecks[e].waitS > checks[e].rule.waitS;
  }
  const double hybrid = meanWait(bestChecks);
  out.validationWaitS = hybrid;
  out.ruleValidationWaitS = rule;
  out.validationScore = checks.empty() ? 0.0 : bestValidation;
  out.beatsRule = !checks.empty() && !worse && bestValidation < 0.0;
  char buf[200];
  std::snprintf(buf, sizeof buf, "validation wait %.1f s against the rule engine's %.1f s (%zu episodes)", hybrid, rule,
                checks.size());
  // Why the rule ships: a longer wait somewhere, or (every wait shorter) an
  // allocation shortfall the objective weighs above the wait gained.
  const char* why = checks.empty() ? "nothing to validate on"
                    : worse        ? "the hybrid did not wait less on every validation episode"
                                   : "the hybrid waited less, but allocated GPUs while jobs arrived so far below the "
                                     "rule engine that its validation score is not below 0";
  out.verdict =
      out.beatsRule ? std::string("hybrid: ") + buf : std::string("the rule engine ships: ") + why + "; " + buf;
  return out;
}

std::vector<TrainingWorkload> withModelTies(std::span<const TrainingWorkload> workloads, const Topology& topology,
                                            double share) {
  std::vector<TrainingWorkload> out(workloads.begin(), workloads.end());
  std::vector<std::uint32_t> gpuModels;
  for (std::size_t m = 0; m < topology.models.size(); ++m)
    if (topology.models[m].kind == DeviceKind::Gpu) gpuModels.push_back(static_cast<std::uint32_t>(m));
  const bool tied = std::ranges::any_of(workloads, [](const TrainingWorkload& w) {
    return std::ranges::any_of(w.jobs, [](const SimJob& j) { return !j.allowedModels.empty(); });
  });
  if (share <= 0.0 || gpuModels.size() < 2 || tied) return out;
  for (std::size_t w = 0; w < out.size(); ++w) {
    SplitMix rng(0x13198a2e03707344ull + w);
    for (SimJob& j : out[w].jobs) {
      const JobRequests& r = j.spec.requests;
      if (r.gpuCount != 1 && !(r.gpuCount == 0 && r.gpuMilli > 0)) continue;
      // Two draws per job whether tied or not, so that one job's tie does
      // not move the next one's.
      const bool tie = rng.uniform() < share;
      const std::uint32_t model = gpuModels[rng.below(static_cast<std::uint32_t>(gpuModels.size()))];
      if (tie) j.allowedModels = {model};
    }
  }
  return out;
}

ValidationSplit splitForValidation(std::span<const TrainingWorkload> pool) {
  ValidationSplit out;
  for (const TrainingWorkload& w : pool) {
    const auto cut = static_cast<std::ptrdiff_t>(0.7 * static_cast<double>(w.jobs.size()));
    out.training.push_back({w.name + " (first 70 %)", {w.jobs.begin(), w.jobs.begin() + cut}});
    out.validation.push_back({w.name + " (last 30 %)", {w.jobs.begin() + cut, w.jobs.end()}});
  }
  return out;
}

CompiledPolicy hybridPolicy(CompiledPolicy policy, QueueKind queue) {
  policy.queue = queue;
  policy.placement = PlacementKind::External;
  policy.externalScorer = std::string(kHybridScorerName);
  return policy;
}

std::variant<SimResult, SimError> runHybrid(const Topology& topology, const CompiledPolicy& policy,
                                            const HybridModel& model, std::span<const SimJob> jobs,
                                            std::uint64_t seed) {
  std::vector<JobRequests> requests;
  requests.reserve(jobs.size());
  for (const SimJob& j : jobs) requests.push_back(j.spec.requests);
  ScorerRegistry registry;
  registerFragScorers(registry, std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests)));
  // Non-owning: the model outlives the run.
  addHybridScorer(registry, std::string(kHybridScorerName),
                  std::shared_ptr<const HybridModel>(&model, [](const HybridModel*) {}));
  SimulationOptions options;
  options.seed = seed;
  options.scorers = &registry;
  return Simulator(topology, hybridPolicy(policy, policy.queue), options).run(jobs);
}

}  // namespace hetsched
