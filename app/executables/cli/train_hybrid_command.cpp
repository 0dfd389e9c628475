#include "cli_args.h"
#include "commands.h"
#include "engine/hybrid/policy_search.h"
#include "engine/hybrid/weights_file.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "hybrid_args.h"
#include "policy.pb.h"
#include "sim_args.h"
#include "trace_jobs_args.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched train-hybrid --cluster NODES.csv --jobs PODS.csv [--jobs PODS.csv ...] --out WEIGHTS\n"
    "                             [--arrival-scale X ...] [--seed S] [--seeds N] [--generations N]\n"
    "                             [--population N] [--episode-jobs N] [--validation-jobs N] [--restarts N]\n"
    "                             [--workers N] [--allocation-weight 1] [--backlog-scale 0.003 ...]\n"
    "                             [--model-tie-share 0.1]\n"
    "                             [--policy-out POLICY.json] [--curve CURVE.csv] [--strict]\n"
    "  Trains the seed 2.5 hybrid scheduler: heuristics (the rule engine's 4.3 score, best fit, FGD,\n"
    "  GPU packing, first fit) propose nodes, trained weights pick the node, which of the 16 shortest\n"
    "  waiting jobs that fit now starts next (an SJF queue), or to defer. Cross-entropy policy search\n"
    "  over episodes of the first 70 % of every list at every arrival scale (default 0.03 and 0.01); the\n"
    "  weights are the search's mean averaged over its second half, validated on the last 30 % of every\n"
    "  list. Its objective: ln of the wait against the rule engine's, plus --allocation-weight times ln\n"
    "  of how far GPU allocation while jobs arrive falls below the rule engine's (0: wait alone).\n"
    "  --restarts N searches N times inside one seed, --seeds N from seeds S..S+N-1; either keeps the\n"
    "  weights that validate best. When they do not wait less than the rule engine on every\n"
    "  validation episode, or their allocation shortfall outweighs the wait they gain (a score not\n"
    "  below 0), the rule engine is what --policy-out writes, and this says why.\n"
    "  --arrival-scale X multiplies arrival times (trace replay under more load: 0.01 is 100x the rate).\n"
    "  --backlog-scale X trains on episodes at X too, not validated there (default 0.003: a deep queue;\n"
    "  0: none). --model-tie-share S: when no list has jobs tied to GPU models, ties that share of the\n"
    "  one-GPU and shared-GPU jobs to one GPU model of the cluster each (default 0.1; 0: none).\n"
    "  --policy-out writes a policy for `hetsched whatif --policy` (and `policy push`) that runs it.\n"
    "  --curve writes the training curve (CSV: seed, restart, generation, train and validation scores).\n"
    "  --strict makes a rejected trace row an error (by default it is reported and left out).\n";

}  // namespace

int runTrainHybrid(std::span<char* const> argv) {
  const Args args(argv);
  std::vector<std::string_view> known{"cluster", "jobs",       "out",   "seed",  "seeds",
                                      "help",    "policy-out", "curve", "strict"};
  known.insert(known.end(), std::begin(kHybridSearchOptions), std::end(kHybridSearchOptions));
  known.insert(known.end(), std::begin(kTraceTimingOptions), std::end(kTraceTimingOptions));
  if (args.flag("help")) return std::fputs(kUsage, stdout), std::fputs(kTraceTimingHelp, stdout), 0;
  const auto unknown = args.unknownOptions(known);
  const std::optional<std::string> weightsPath = args.value("out");
  const std::optional<std::string> cluster = args.value("cluster");
  if (!unknown.empty() || !weightsPath || !cluster || args.values("jobs").empty()) {
    for (const auto& u : unknown) std::fprintf(stderr, "hetsched train-hybrid: unknown option %s\n", u.c_str());
    return std::fputs(kUsage, stderr), 2;
  }
  std::uint64_t seed = 1, seeds = 1;
  for (auto [name, out, hi] :
       {std::tuple{"seed", &seed, std::numeric_limits<long long>::max()}, std::tuple{"seeds", &seeds, 100LL}}) {
    if (const auto v = args.value(name)) {
      const auto parsed = parseInteger(name, *v, name == std::string_view("seeds") ? 1 : 0, hi);
      if (auto* e = std::get_if<std::string>(&parsed))
        return std::fprintf(stderr, "hetsched train-hybrid: %s\n", e->c_str()), 2;
      *out = static_cast<std::uint64_t>(std::get<long long>(parsed));
    }
  }
  auto options = hybridSearchOptionsFromArgs("train-hybrid", args);
  if (const int* rc = std::get_if<int>(&options)) return *rc;
  HybridTrainingOptions& o = std::get<HybridTrainingOptions>(options);

  auto loaded = hybridWorkloadsFromArgs("train-hybrid", args, *cluster, args.values("jobs"), seed);
  if (const int* rc = std::get_if<int>(&loaded)) return *rc;
  const HybridWorkloads& w = std::get<HybridWorkloads>(loaded);
  const ValidationSplit split = splitForValidation(w.lists);
  std::printf("train-hybrid: %zu nodes; training on", w.topology.nodes.size());
  for (const TrainingWorkload& t : split.training) std::printf(" %s (%zu jobs)", t.name.c_str(), t.jobs.size());
  std::printf("; validating on");
  for (const TrainingWorkload& t : split.validation) std::printf(" %s (%zu jobs)", t.name.c_str(), t.jobs.size());
  std::printf("\n");

  std::FILE* curve = nullptr;
  if (const auto path = args.value("curve")) {
    curve = std::fopen(path->c_str(), "w");
    if (!curve) return std::fprintf(stderr, "hetsched train-hybrid: cannot write %s\n", path->c_str()), 1;
    std::fputs("seed,restart,generation,train_mean,train_best,validation,validation_wait_s,sigma\n", curve);
  }
  std::optional<HybridTraining> best;
  for (std::uint64_t s = seed; s < seed + seeds; ++s) {
    o.seed = s;
    std::printf("\nseed %llu\n%8s %10s %12s %12s %12s %16s %8s\n", static_cast<unsigned long long>(s), "restart",
                "generation", "train mean", "train best", "validation", "valid. wait s", "sigma");
    HybridTraining t =
        trainHybrid(w.topology, w.rule, split.training, split.validation, o, [&](const GenerationStats& g) {
          std::printf("%8u %10u %12.3f %12.3f %12.3f %16.1f %8.3f\n", g.restart, g.generation, g.trainMean, g.trainBest,
                      g.validation, g.validationWaitS, g.sigma);
          if (curve)
            std::fprintf(curve, "%llu,%u,%u,%.6f,%.6f,%.6f,%.3f,%.6f\n", static_cast<unsigned long long>(s), g.restart,
                         g.generation, g.trainMean, g.trainBest, g.validation, g.validationWaitS, g.sigma);
          std::fflush(stdout);
        });
    std::printf("averaged weights of restart %u kept (validation score %.3f); %s\n", t.restart, t.validationScore,
                t.verdict.c_str());
    if (!best || t.validationScore < best->validationScore) best = std::move(t);
  }
  if (curve) std::fclose(curve);
  if (!best) return std::fputs("hetsched train-hybrid: no seed was trained\n", stderr), 1;

  if (const auto e = saveWeights(*weightsPath, best->model)) {
    const std::string_view why = describe(*e);
    return std::fprintf(stderr, "hetsched train-hybrid: %s: %.*s\n", weightsPath->c_str(), static_cast<int>(why.size()),
                        why.data()),
           1;
  }
  std::printf("\nweights: %s (hash %016llx)\n%s\n", weightsPath->c_str(),
              static_cast<unsigned long long>(weightsHash(best->model)), best->verdict.c_str());

  if (const auto path = args.value("policy-out")) {
    v1::Policy p;
    p.set_version(1);
    p.mutable_queue()->set_kind(v1::QueueDiscipline::FCFS);
    if (best->beatsRule) {
      p.mutable_queue()->set_kind(o.queue == QueueKind::Sjf ? v1::QueueDiscipline::SJF : v1::QueueDiscipline::FCFS);
      p.set_name("hybrid");
      p.set_description("Seed 2.5 hybrid: heuristics propose, trained weights pick the job, the node or to defer.");
      p.mutable_placement()->set_kind(v1::PlacementRule::EXTERNAL);
      p.mutable_placement()->set_external_scorer("hybrid:" + *weightsPath);
    } else {
      // What an operator should run: the rule the weights failed to beat.
      p.set_name("seed-score");
      p.set_description("The rule engine (seed 4.3 score): the trained hybrid did not beat it on validation.");
      p.mutable_placement()->set_kind(v1::PlacementRule::SEED_SCORE);
      p.mutable_placement()->set_priority_factor(1.0);
      p.mutable_placement()->set_resource_score(1.0);
      std::printf("%s: the rule engine, not the hybrid\n", path->c_str());
    }
    std::ofstream file(*path);
    file << policyToJson(p);
    if (!file) return std::fprintf(stderr, "hetsched train-hybrid: cannot write %s\n", path->c_str()), 1;
  }
  return 0;
}

}  // namespace hetsched::cli
