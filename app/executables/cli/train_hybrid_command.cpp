#include "cli_args.h"
#include "commands.h"
#include "import_report.h"
#include "hybrid/dqn_trainer.h"
#include "hybrid/weights_file.h"
#include "policy/builtin_policies.h"
#include "policy/policy_loader.h"
#include "sim/synthetic_workload.h"
#include "sim/trace_workload.h"
#include "sim_args.h"
#include "trace_jobs_args.h"
#include "trace/alibaba_trace_importer.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched train-hybrid (--cluster NODES.csv | --nodes N) (--jobs PODS.csv | --synthetic N) --out WEIGHTS\n"
    "                             [--episodes N] [--seed S] [--train-fraction F] [--episode-jobs N]\n"
    "                             [--mask soft|hard] [--policy-out POLICY.json] [--arrival-scale X]\n"
    "                             [--validation-jobs N]\n"
    "  Trains the seed 2.5 hybrid scheduler (rule engine + DQN) on the first F of the jobs by arrival\n"
    "  (default 0.7), then compares it with its rule-only baseline (seed-score) on the rest.\n"
    "  --validation-jobs N keeps the network that waits least on the last N training jobs, which are\n"
    "  never an episode (default: --episode-jobs, 0 keeps the last network).\n"
    "  --arrival-scale X multiplies arrival times (trace replay under more load: 0.01 is 100x the rate).\n"
    "  --policy-out writes a policy for `hetsched whatif --policy` that runs the weights.\n"
    "  --strict makes a rejected trace row an error (by default it is reported and left out).\n"
    "  --arrival-rate R [--runtime-mean S]: Poisson arrivals (and runtimes) for lists without them.\n";

void row(const char* name, const SimSummary& s) {
  std::printf("%-22s %10.1f %10.1f %9.1f%% %9.1f%% %12.1f%% %6llu\n", name, s.waitAvgS, s.waitP95S,
              100.0 * s.utilization[index(DeviceKind::Gpu)], 100.0 * s.gpuAllocationRatio,
              100.0 * s.allocationDuringArrivals[index(DeviceKind::Gpu)], static_cast<unsigned long long>(s.completed));
}

}  // namespace

int runTrainHybrid(std::span<char* const> argv) {
  const Args args(argv);
  constexpr std::array<std::string_view, 18> kKnown{"arrival-scale", "validation-jobs", "cluster",  "nodes",          "jobs", "synthetic",    "out",
                                                    "episodes", "seed",           "help", "train-fraction",
                                                    "mask",     "episode-jobs",   "load", "policy-out", "strict",
                                                    kTraceTimingOptions[0], kTraceTimingOptions[1]};
  if (args.flag("help")) return std::fputs(kUsage, stdout), 0;
  const auto unknown = args.unknownOptions(kKnown);
  if (!unknown.empty() || !args.value("out") || args.value("cluster").has_value() == args.value("nodes").has_value() ||
      args.value("jobs").has_value() == args.value("synthetic").has_value()) {
    for (const auto& u : unknown) std::fprintf(stderr, "hetsched train-hybrid: unknown option %s\n", u.c_str());
    return std::fputs(kUsage, stderr), 2;
  }
  DqnOptions options;
  double fraction = 0.7;
  double load = 0.9;
  double arrivalScale = 1.0;
  struct IntOption { const char* name; long long min, max; std::uint64_t* out; };
  std::uint64_t seed = 1, episodes = options.episodes, episodeJobs = options.episodeJobs;
  std::uint64_t validationJobs = ~std::uint64_t{0};
  for (const IntOption& o : {IntOption{"seed", 0, std::numeric_limits<long long>::max(), &seed},
                             IntOption{"episodes", 1, 100'000, &episodes},
                             IntOption{"episode-jobs", 10, 10'000'000, &episodeJobs},
                             IntOption{"validation-jobs", 0, 10'000'000, &validationJobs}}) {
    if (const auto v = args.value(o.name)) {
      const auto parsed = parseInteger(o.name, *v, o.min, o.max);
      if (auto* e = std::get_if<std::string>(&parsed)) return std::fprintf(stderr, "hetsched train-hybrid: %s\n", e->c_str()), 2;
      *o.out = static_cast<std::uint64_t>(std::get<long long>(parsed));
    }
  }
  for (auto [name, out, lo, hi] : {std::tuple{"train-fraction", &fraction, 0.05, 0.95}, std::tuple{"load", &load, 0.01, 10.0},
                                 std::tuple{"arrival-scale", &arrivalScale, 1e-6, 1e6}}) {
    if (const auto v = args.value(name)) {
      const auto parsed = parseNumber(name, *v, lo, hi);
      if (auto* e = std::get_if<std::string>(&parsed)) return std::fprintf(stderr, "hetsched train-hybrid: %s\n", e->c_str()), 2;
      *out = std::get<double>(parsed);
    }
  }
  if (const auto m = args.value("mask")) {
    if (*m != "soft" && *m != "hard") return std::fputs("hetsched train-hybrid: --mask is soft or hard\n", stderr), 2;
    options.mask = *m == "hard" ? MaskMode::Hard : MaskMode::Soft;
  }
  options.seed = seed;
  options.episodes = static_cast<std::uint32_t>(episodes);
  options.episodeJobs = static_cast<std::uint32_t>(episodeJobs);
  options.validationJobs = static_cast<std::uint32_t>(validationJobs == ~std::uint64_t{0} ? episodeJobs : validationJobs);

  Topology topology;
  if (const auto file = args.value("cluster")) {
    const auto nodes = trace::AlibabaTraceImporter::loadNodes(*file);
    if (!reportImport("train-hybrid", nodes, *file, args.flag("strict"))) return 1;
    topology = topologyFromTrace(nodes.rows);
  } else {
    const auto n = parseInteger("nodes", *args.value("nodes"), 1, 10'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return std::fprintf(stderr, "hetsched train-hybrid: %s\n", e->c_str()), 2;
    topology = syntheticTopology(static_cast<std::uint32_t>(std::get<long long>(n)));
  }
  CompiledPolicy rule;
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == "seed-score") rule = std::get<CompiledPolicy>(compilePolicy(p));
  std::vector<SimJob> jobs;
  if (const auto file = args.value("jobs")) {
    auto converted = traceJobsFromArgs("train-hybrid", args, *file, topology, seed);
    if (const int* rc = std::get_if<int>(&converted)) return *rc;
    jobs = std::get<TraceJobs>(std::move(converted)).jobs;
    // As whatif does: a GPU-only cluster runs CPU-only pods on host CPUs.
    if (std::ranges::none_of(topology.nodes, [](const NodeInfo& n) { return n.kind == DeviceKind::Cpu; }))
      rule.routing.set(JobKind::Batch, DeviceKind::Gpu);
  } else {
    const auto n = parseInteger("synthetic", *args.value("synthetic"), 10, 100'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return std::fprintf(stderr, "hetsched train-hybrid: %s\n", e->c_str()), 2;
    jobs = syntheticJobs(topology, static_cast<std::uint64_t>(std::get<long long>(n)), seed, load);
  }
  for (SimJob& j : jobs) j.arrivalS *= arrivalScale;
  std::stable_sort(jobs.begin(), jobs.end(), [](const SimJob& a, const SimJob& b) { return a.arrivalS < b.arrivalS; });
  const auto cut = static_cast<std::ptrdiff_t>(static_cast<double>(jobs.size()) * fraction);
  if (cut < 1 || static_cast<std::size_t>(cut) >= jobs.size())
    return std::fputs("hetsched train-hybrid: no jobs to train on or to hold out (pods without a runtime are left out)\n", stderr), 1;
  const std::span<const SimJob> train(jobs.data(), static_cast<std::size_t>(cut));
  const std::span<const SimJob> test(jobs.data() + cut, jobs.size() - static_cast<std::size_t>(cut));
  std::printf("train-hybrid: %zu nodes, %zu training jobs, %zu held-out jobs, seed %llu\n", topology.nodes.size(),
              train.size(), test.size(), static_cast<unsigned long long>(seed));
  std::printf("%8s %12s %10s %10s %8s %12s %14s\n", "episode", "reward", "loss", "decisions", "epsilon", "wait avg s",
              "validation s");
  const HybridModel model = trainHybrid(topology, rule, train, options, [](const EpisodeStats& s) {
    std::printf("%8u %12.2f %10.4f %10zu %8.3f %12.1f %14.1f\n", s.episode, s.reward, s.loss, s.decisions, s.epsilon,
                s.waitAvgS, s.validationWaitS);
    std::fflush(stdout);
  });
  if (const auto e = saveWeights(*args.value("out"), model))
    return std::fprintf(stderr, "hetsched train-hybrid: %s: %s\n", args.value("out")->c_str(), describe(*e).data()), 1;
  std::printf("weights: %s (hash %016llx)\n\n", args.value("out")->c_str(),
              static_cast<unsigned long long>(weightsHash(model.network)));

  SimulationOptions simOptions;
  simOptions.seed = seed;
  const auto base = Simulator(topology, rule, simOptions).run(test);
  const auto hybrid = runHybrid(topology, rule, model, test, seed);
  // Not a baseline the hybrid builds on, but what its Pack action would do
  // alone: says how much of the gain is "learned to pack" and how much more.
  CompiledPolicy pack = rule;
  pack.placement = PlacementKind::BestFit;
  const auto packed = Simulator(topology, pack, simOptions).run(test);
  if (!std::holds_alternative<SimResult>(base) || !std::holds_alternative<SimResult>(hybrid) ||
      !std::holds_alternative<SimResult>(packed))
    return std::fputs("hetsched train-hybrid: held-out simulation failed\n", stderr), 1;
  std::printf("held-out jobs (%zu)         wait avg   wait P95   GPU util  GPU alloc  GPU alloc\n"
              "                                                                   (arrivals)   done\n",
              test.size());
  row("rule only (seed-score)", std::get<SimResult>(base).summary);
  row("hybrid (rules + DQN)", std::get<SimResult>(hybrid).summary);
  row("best fit (reference)", std::get<SimResult>(packed).summary);

  if (const auto out = args.value("policy-out")) {
    v1::Policy p;
    p.set_name("hybrid");
    p.set_version(1);
    p.set_description("Seed 2.5 hybrid: seed-score rule engine proposes, a trained DQN picks (weights file).");
    p.mutable_queue()->set_kind(v1::QueueDiscipline::FCFS);
    p.mutable_placement()->set_kind(v1::PlacementRule::EXTERNAL);
    p.mutable_placement()->set_external_scorer("hybrid:" + *args.value("out"));
    std::ofstream file(*out);
    file << policyToJson(p);
    if (!file) return std::fprintf(stderr, "hetsched train-hybrid: cannot write %s\n", out->c_str()), 1;
  }
  return 0;
}

}  // namespace hetsched::cli
