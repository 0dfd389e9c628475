#include "hybrid_experiment.h"

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
#include "policy_search.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

PolicyOutcome outcomeOf(const std::variant<SimResult, SimError>& run) {
  PolicyOutcome o;
  const auto* r = std::get_if<SimResult>(&run);
  if (!r) {
    o.waitAvgS = o.waitP95S = o.jctAvgS = std::numeric_limits<double>::infinity();
    return o;
  }
  const SimSummary& s = r->summary;
  o.waitAvgS = s.waitAvgS;
  o.waitP95S = s.waitP95S;
  o.jctAvgS = s.jctAvgS;
  o.gpuAllocArrivals = s.allocationDuringArrivals[index(DeviceKind::Gpu)];
  o.gpuAllocWhole = s.gpuAllocationRatio;
  return o;
}

// The left-out list at `scale`: as recorded, then each further replay with
// every job's arrival moved by a uniform draw within +-jitterS (never
// before 0), from a stream of its own so that every policy runs the same.
std::vector<std::vector<SimJob>> replaysOf(std::span<const SimJob> jobs, double scale, std::uint32_t replays,
                                           double jitterS) {
  std::vector<SimJob> recorded(jobs.begin(), jobs.end());
  const double origin = recorded.empty() ? 0.0 : recorded.front().arrivalS;
  for (SimJob& j : recorded) j.arrivalS = (j.arrivalS - origin) * scale;
  std::vector<std::vector<SimJob>> out{recorded};
  for (std::uint32_t r = 1; r < replays; ++r) {
    SplitMix rng(0x6a09e667f3bcc909ull + r);
    std::vector<SimJob>& moved = out.emplace_back(recorded);
    for (SimJob& j : moved) j.arrivalS = std::max(0.0, j.arrivalS + jitterS * (2.0 * rng.uniform() - 1.0));
    std::ranges::stable_sort(moved, {}, &SimJob::arrivalS);
  }
  return out;
}

double median(std::vector<double> v) {
  std::erase_if(v, [](double x) { return std::isnan(x); });
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::ranges::sort(v);
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

// `run` on every replay, on `workers` threads; each metric's median.
PolicyOutcome overReplays(const std::vector<std::vector<SimJob>>& replays, std::uint32_t workers,
                          const std::function<PolicyOutcome(std::span<const SimJob>)>& run) {
  std::vector<PolicyOutcome> each(replays.size());
  forEachIndex(replays.size(), std::max(1u, workers), [&](std::size_t r) { each[r] = run(replays[r]); });
  auto middle = [&](double PolicyOutcome::* field) {
    std::vector<double> v(each.size());
    std::ranges::transform(each, v.begin(), [&](const PolicyOutcome& o) { return o.*field; });
    return median(std::move(v));
  };
  PolicyOutcome o;
  o.waitAvgS = middle(&PolicyOutcome::waitAvgS);
  o.waitP95S = middle(&PolicyOutcome::waitP95S);
  o.jctAvgS = middle(&PolicyOutcome::jctAvgS);
  o.gpuAllocArrivals = middle(&PolicyOutcome::gpuAllocArrivals);
  o.gpuAllocWhole = middle(&PolicyOutcome::gpuAllocWhole);
  const auto [low, high] = std::ranges::minmax(each, {}, &PolicyOutcome::waitAvgS);
  o.waitAvgLowS = low.waitAvgS;
  o.waitAvgHighS = high.waitAvgS;
  o.waitAvgRecordedS = each.empty() ? 0.0 : each.front().waitAvgS;
  return o;
}

std::array<PolicyOutcome, 4> baselinesOn(const Topology& topology, const CompiledPolicy& rule,
                                         const std::vector<std::vector<SimJob>>& replays, std::uint32_t workers) {
  std::vector<JobRequests> requests;
  for (const SimJob& j : replays.front()) requests.push_back(j.spec.requests);
  const auto target = std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests));
  CompiledPolicy bestFit = rule, sjf = rule, fgd = rule;
  bestFit.placement = sjf.placement = PlacementKind::BestFit;
  sjf.queue = QueueKind::Sjf;
  fgd.placement = PlacementKind::External;
  fgd.externalScorer = "fgd";
  std::array<PolicyOutcome, 4> out;
  const std::array<const CompiledPolicy*, 4> policies{&rule, &bestFit, &sjf, &fgd};
  for (std::size_t p = 0; p < policies.size(); ++p)
    out[p] = overReplays(replays, workers, [&](std::span<const SimJob> jobs) {
      ScorerRegistry registry;
      registerFragScorers(registry, target);
      SimulationOptions options;
      options.scorers = &registry;
      return outcomeOf(Simulator(topology, *policies[p], options).run(jobs));
    });
  return out;
}

// Percent change of `value` against `base`; NaN where base is 0 and value not.
double change(double value, double base) {
  if (base > 0.0) return 100.0 * (value - base) / base;
  return value > 0.0 ? std::numeric_limits<double>::quiet_NaN() : 0.0;
}

std::string pct(double v) {
  if (std::isnan(v)) return "n/a (base 0)";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f %%", v);
  return buf;
}

std::string num(double v, const char* format = "%.1f") {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string row(const std::string& scale, const std::string& policy, const PolicyOutcome& o,
                const PolicyOutcome& rule) {
  return "| " + scale + " | " + policy + " | " + num(o.waitAvgS) + " | " + num(o.waitAvgLowS, "%.0f") + "-" +
         num(o.waitAvgHighS, "%.0f") + " | " + num(o.waitAvgRecordedS) + " | " + num(o.waitP95S) + " | " +
         num(o.jctAvgS) + " | " + num(100.0 * o.gpuAllocArrivals) + " % | " + num(100.0 * o.gpuAllocWhole, "%.2f") +
         " % | " + pct(change(o.waitAvgS, rule.waitAvgS)) + " |\n";
}

}  // namespace

HybridExperiment runHybridExperiment(const Topology& topology, const CompiledPolicy& rule,
                                     std::span<const TrainingWorkload> workloads,
                                     const HybridExperimentOptions& options,
                                     const std::function<void(const std::string&)>& progress) {
  HybridExperiment out;
  for (std::size_t w = 0; w < workloads.size(); ++w) {
    std::vector<TrainingWorkload> pool;
    for (std::size_t o = 0; o < workloads.size(); ++o)
      if (o != w) pool.push_back(workloads[o]);
    const std::size_t first = out.tests.size();
    std::vector<std::vector<std::vector<SimJob>>> replays;  // per scale
    for (const double scale : options.training.arrivalScales) {
      HybridTest t;
      t.workload = workloads[w].name;
      t.scale = scale;
      t.jobs = workloads[w].jobs.size();
      replays.push_back(replaysOf(workloads[w].jobs, scale, std::max(1u, options.replays), options.jitterS));
      t.baselines = baselinesOn(topology, rule, replays.back(), options.training.workers);
      out.tests.push_back(std::move(t));
    }
    for (const std::uint64_t seed : options.seeds) {
      const ValidationSplit split = splitForValidation(pool);
      HybridTrainingOptions o = options.training;
      o.seed = seed;
      const auto t0 = std::chrono::steady_clock::now();
      const HybridTraining trained = trainHybrid(topology, rule, split.training, split.validation, o);
      HybridCurve curve{workloads[w].name,
                        seed,
                        trained.curve,
                        trained.restart,
                        trained.restartScores,
                        trained.verdict,
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()};
      if (progress)
        progress(workloads[w].name + " left out, seed " + std::to_string(seed) + ": " + trained.verdict + " (" +
                 num(curve.trainingSeconds) + " s)");
      out.curves.push_back(std::move(curve));
      for (std::size_t k = first; k < out.tests.size(); ++k) {
        HybridTest& t = out.tests[k];
        const PolicyOutcome learned = overReplays(replays[k - first], o.workers, [&](std::span<const SimJob> jobs) {
          return outcomeOf(runHybrid(topology, hybridPolicy(rule, o.queue), trained.model, jobs));
        });
        t.seeds.push_back(seed);
        t.shipsHybrid.push_back(trained.beatsRule);
        t.learned.push_back(learned);
        t.shipped.push_back(trained.beatsRule ? learned : t.baselines[0]);
      }
    }
  }
  return out;
}

std::string hybridExperimentMarkdown(const HybridExperiment& e, const std::string& setup) {
  std::ostringstream md;
  md << setup;
  md << "\n## Results per left-out workload\n\n"
        "`ships` is what `train-hybrid` would hand an operator: the hybrid, or the rule engine when the hybrid "
        "waited longer than the rule on a validation episode (then the trained weights' own result is shown "
        "beside it). Every metric is the median over the replays (the list as recorded, and again with every "
        "arrival moved a little); `over the replays` is the smallest and largest mean wait among them, `as "
        "recorded` the mean wait of the list as it was.\n";
  std::string current;
  for (const HybridTest& t : e.tests) {
    if (t.workload != current) {
      current = t.workload;
      md << "\n### " << t.workload << " (" << t.jobs << " jobs)\n\n"
         << "| arrival scale | policy | wait avg (s) | over the replays | as recorded | wait P95 (s) | JCT avg (s) | "
            "GPU allocated while arriving | GPU allocated, whole run | wait vs rule |\n"
            "|---|---|---|---|---|---|---|---|---|---|\n";
    }
    const std::string scale = num(t.scale, "%g");
    for (std::size_t b = 0; b < t.baselines.size(); ++b)
      md << row(scale, kBaselineNames[b], t.baselines[b], t.baselines[0]);
    for (std::size_t s = 0; s < t.seeds.size(); ++s) {
      const std::string name =
          "hybrid, seed " + std::to_string(t.seeds[s]) +
          (t.shipsHybrid[s] ? "" : " (ships the rule; weights: " + num(t.learned[s].waitAvgS) + " s)");
      md << row(scale, name, t.shipped[s], t.baselines[0]);
    }
  }

  // The summary over every run (workload x scale x seed), as shipped.
  std::size_t runs = 0, notWorseThanRule = 0, beatsBestOfThree = 0, allocOk = 0;
  std::array<std::size_t, 4> wins{}, ties{}, losses{};
  std::array<std::vector<double>, 4> changes;
  std::vector<double> spreads, recordedSpreads;
  std::size_t stable = 0, recordedStable = 0;
  auto spreadOf = [](const std::vector<double>& waits) {
    const double m = median(waits);
    return m > 0.0 ? (*std::ranges::max_element(waits) - *std::ranges::min_element(waits)) / m : 0.0;
  };
  for (const HybridTest& t : e.tests) {
    std::vector<double> waits, recorded;
    for (const PolicyOutcome& h : t.shipped) {
      ++runs;
      waits.push_back(h.waitAvgS);
      recorded.push_back(h.waitAvgRecordedS);
      for (std::size_t b = 0; b < 4; ++b) {
        const double base = t.baselines[b].waitAvgS;
        (h.waitAvgS < base ? wins[b] : h.waitAvgS > base ? losses[b] : ties[b])++;
        changes[b].push_back(change(h.waitAvgS, base));
      }
      notWorseThanRule += h.waitAvgS <= t.baselines[0].waitAvgS;
      beatsBestOfThree +=
          h.waitAvgS <= std::min({t.baselines[1].waitAvgS, t.baselines[2].waitAvgS, t.baselines[3].waitAvgS});
      allocOk += h.gpuAllocArrivals >= t.baselines[0].gpuAllocArrivals;
    }
    if (waits.empty()) continue;
    spreads.push_back(spreadOf(waits));
    stable += spreads.back() <= 0.25;
    recordedSpreads.push_back(spreadOf(recorded));
    recordedStable += recordedSpreads.back() <= 0.25;
  }
  md << "\n## Summary (" << runs << " runs: workloads x arrival scales x training seeds, as shipped)\n\n"
     << "| against | hybrid waits less | equal | longer | median change of mean wait |\n|---|---|---|---|---|\n";
  for (std::size_t b = 0; b < 4; ++b)
    md << "| " << kBaselineNames[b] << " | " << wins[b] << " | " << ties[b] << " | " << losses[b] << " | "
       << pct(median(changes[b])) << " |\n";
  auto share = [&](std::size_t n) { return std::to_string(n) + " of " + std::to_string(runs); };
  md << "\nThe issue's goal, on workloads left out of training:\n\n"
     << "- mean wait <= the rule engine's in every run: " << share(notWorseThanRule)
     << (notWorseThanRule == runs ? " (met)" : " (not met)") << "\n"
     << "- mean wait <= the best of best fit, SJF and FGD in at least 70 % of runs: " << share(beatsBestOfThree)
     << (runs && beatsBestOfThree * 10 >= runs * 7 ? " (met)" : " (not met)") << "\n"
     << "- GPU allocation while jobs arrive >= the rule engine's: " << share(allocOk)
     << (allocOk == runs ? " (met)" : " (not met)") << "\n"
     << "- spread of mean wait across training seeds <= 25 % of the median: " << stable << " of " << spreads.size()
     << " workload/scale pairs (median spread " << pct(100.0 * median(spreads)).substr(1) << ")"
     << (stable == spreads.size() ? " (met)" : " (not met)")
     << "; on the lists as recorded only (one replay): " << recordedStable << " of " << recordedSpreads.size()
     << " (median spread " << pct(100.0 * median(recordedSpreads)).substr(1) << ")\n";

  md << "\n## Training curves\n\n"
        "Validation score of the search's mean after each generation (mean over validation episodes of ln((wait + "
        "e) / (rule's wait + e)), plus the allocation term where the hybrid allocates less than the rule; 0 is the "
        "rule engine, -0.69 half its wait, -2.3 a tenth) for the search whose "
        "weights were kept, then each search's averaged weights (the mean over the second half of its "
        "generations: what is kept) on the same episodes, the verdict and the training time.\n\n"
        "| left out | seed | validation score of the mean by generation | averaged weights (per search) | verdict | "
        "training s |\n|---|---|---|---|---|---|\n";
  for (const HybridCurve& c : e.curves) {
    std::string scores, averaged;
    for (const GenerationStats& g : c.generations)
      if (g.restart == c.kept) scores += (scores.empty() ? "" : ", ") + num(g.validation, "%.2f");
    for (std::size_t r = 0; r < c.averagedScores.size(); ++r)
      averaged += (averaged.empty() ? "" : ", ") + num(c.averagedScores[r], "%.2f") + (r == c.kept ? " (kept)" : "");
    md << "| " << c.leftOut << " | " << c.seed << " | " << scores << " | " << averaged << " | " << c.verdict << " | "
       << num(c.trainingSeconds) << " |\n";
  }
  return md.str();
}

}  // namespace hetsched
