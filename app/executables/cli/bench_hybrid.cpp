// hetsched bench hybrid: the hybrid's cost inside the what-if simulator,
// beside the rule engine it replaces, on the same jobs in the same process.
#include "bench_suite.h"
#include "cli_args.h"
#include "engine/hybrid/policy_search.h"
#include "engine/hybrid/weights_file.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulator.h"
#include "hybrid_args.h"
#include "sim_args.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <sys/resource.h>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

double cpuNow() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec) + static_cast<double>(usage.ru_utime.tv_usec) * 1e-6;
}

}  // namespace

int benchHybrid(const Args& args) {
  const auto cluster = args.value("cluster");
  const auto jobs = args.value("jobs");
  if (!cluster || !jobs) {
    std::fputs(
        "usage: hetsched bench hybrid --cluster NODES.csv --jobs PODS.csv [--arrival-scale 0.01] [--runs 5]\n"
        "                             [--weights W]\n"
        "  CPU time per job of the what-if simulator with the hybrid (weights W; default all zero: the\n"
        "  head of its SJF window on the rule engine's node, never deferring, asking every proposer and\n"
        "  computing every feature) and with the rule engine alone (FCFS), medians of alternating runs;\n"
        "  the goals: the DES above 200,000 jobs/s with the hybrid, a decision within 20 us.\n",
        stderr);
    return 2;
  }
  long long runs = 5;
  if (const auto r = args.value("runs")) {
    const auto v = parseInteger("runs", *r, 1, 1000);
    if (auto* e = std::get_if<std::string>(&v))
      return std::fprintf(stderr, "hetsched bench hybrid: %s\n", e->c_str()), 2;
    runs = std::get<long long>(v);
  }
  double scale = 0.01;
  if (const auto x = args.value("arrival-scale")) {
    const auto v = parseNumber("arrival-scale", *x, 1e-6, 1e6);
    if (auto* e = std::get_if<std::string>(&v))
      return std::fprintf(stderr, "hetsched bench hybrid: %s\n", e->c_str()), 2;
    scale = std::get<double>(v);
  }
  HybridModel model;
  if (const auto w = args.value("weights")) {
    auto loaded = loadWeights(*w);
    if (auto* e = std::get_if<WeightsError>(&loaded))
      return std::fprintf(stderr, "hetsched bench hybrid: %s: %s\n", w->c_str(), std::string(describe(*e)).c_str()), 1;
    model = std::get<HybridModel>(loaded);
  }
  auto loaded = hybridWorkloadsFromArgs("bench hybrid", args, *cluster, {*jobs}, 1);
  if (const int* rc = std::get_if<int>(&loaded)) return *rc;
  HybridWorkloads& w = std::get<HybridWorkloads>(loaded);
  std::vector<SimJob>& list = w.lists.front().jobs;
  for (SimJob& j : list) j.arrivalS *= scale;

  std::vector<double> rule, hybrid;
  double ruleWait = 0.0, hybridWait = 0.0;
  for (long long r = 0; r < runs; ++r) {
    double t0 = cpuNow();
    const auto a = Simulator(w.topology, w.rule, {}).run(list);
    rule.push_back(cpuNow() - t0);
    t0 = cpuNow();
    const auto b = runHybrid(w.topology, hybridPolicy(w.rule, HybridTrainingOptions{}.queue), model, list);
    hybrid.push_back(cpuNow() - t0);
    if (!std::holds_alternative<SimResult>(a) || !std::holds_alternative<SimResult>(b))
      return std::fputs("hetsched bench hybrid: a run failed\n", stderr), 1;
    ruleWait = std::get<SimResult>(a).summary.waitAvgS;
    hybridWait = std::get<SimResult>(b).summary.waitAvgS;
  }
  const double n = static_cast<double>(list.size());
  const double r = median(rule), h = median(hybrid);
  // The weights set how deep the hybrid's queue runs, and so its speed.
  std::string weights = "all zero";
  if (const auto path = args.value("weights")) {
    std::array<char, 17> hash{};
    std::snprintf(hash.data(), hash.size(), "%016llx", static_cast<unsigned long long>(weightsHash(model)));
    weights = *path + " (hash " + hash.data() + ")";
  }
  std::printf(
      "bench hybrid: %zu nodes, %zu jobs (arrivals x%g), %lld runs each, weights %s; wait avg: rule %.1f s, "
      "hybrid %.1f s\n",
      w.topology.nodes.size(), list.size(), scale, runs, weights.c_str(), ruleWait, hybridWait);
  std::printf("rule engine: %.0f jobs/s (CPU), %.2f us per job\n", n / r, 1e6 * r / n);
  std::printf("hybrid:      %.0f jobs/s (CPU), %.2f us per job (%.2fx the rule engine's time)\n", n / h, 1e6 * h / n,
              h / r);
  std::printf(
      "goal: >= 200000 jobs/s with the hybrid: %.2fx; the hybrid's added time per job %.2f us (goal: a decision "
      "<= 20 us)\n",
      n / h / 200000.0, 1e6 * (h - r) / n);
  return 0;
}

}  // namespace hetsched::cli
