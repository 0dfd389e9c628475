#include "cli_args.h"
#include "commands.h"
#include "policy/policy_loader.h"
#include "policy_catalog.h"
#include "sim/alibaba_csv.h"
#include "sim/simulator.h"
#include "sim/synthetic_workload.h"
#include "sim_args.h"
#include "whatif_report.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched whatif (--cluster NODES.csv | --nodes N) (--jobs PODS.csv | --synthetic N)\n"
    "                       --policy A.json|NAME [--policy B.json|NAME ...] [--seed S] [--json OUT]\n"
    "  --cluster FILE   Alibaba openb_node_list CSV (sn,cpu_milli,memory_mib,num_gpu,model)\n"
    "  --nodes N        synthetic cluster: 60% CPU, 30% GPU (8 A100), 10% TPU nodes\n"
    "  --jobs FILE      Alibaba openb_pod_list CSV\n"
    "  --synthetic N    N seeded synthetic jobs (mixed short and long)\n"
    "  --load X         synthetic offered load of the busiest kind (default 0.9)\n"
    "  --policy P       a policy JSON file or a built-in name (see `hetsched policies`)\n"
    "  --seed S         workload and simulation seed (default 1)\n"
    "  --runtimes K     what SJF/SRTF know of runtimes: oracle (default) or history\n"
    "  --json OUT       also write the metrics as JSON\n";

const char* csvProblem(CsvError::Kind kind) {
  switch (kind) {
    case CsvError::Kind::MissingColumn: return "missing column";
    case CsvError::Kind::BadNumber: return "not a number";
    case CsvError::Kind::ShortRow: return "too few columns";
  }
  return "?";
}

}  // namespace

int runWhatif(std::span<char* const> argv) {
  const Args args(argv);
  constexpr std::array<std::string_view, 10> kKnown{"cluster", "nodes", "jobs", "synthetic", "load",
                                                    "policy",  "seed",  "json", "help",      "runtimes"};
  const auto unknown = args.unknownOptions(kKnown);
  const auto policyArgs = args.values("policy");
  if (args.flag("help")) return std::fputs(kUsage, stdout), 0;
  if (!unknown.empty() || policyArgs.empty() || args.value("cluster").has_value() == args.value("nodes").has_value() ||
      args.value("jobs").has_value() == args.value("synthetic").has_value()) {
    for (const auto& u : unknown) std::fprintf(stderr, "hetsched whatif: unknown option %s\n", u.c_str());
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::uint64_t seed = 1;
  if (const auto s = args.value("seed")) {
    const auto v = parseInteger("seed", *s, 0, std::numeric_limits<long long>::max());
    if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    seed = static_cast<std::uint64_t>(std::get<long long>(v));
  }

  RuntimeKnowledge runtimes = RuntimeKnowledge::Oracle;
  if (const auto r = args.value("runtimes")) {
    if (*r == "history") runtimes = RuntimeKnowledge::History;
    else if (*r != "oracle") return std::fprintf(stderr, "hetsched whatif: --runtimes is oracle or history\n"), 2;
  }

  Topology topology;
  std::string workload;
  if (const auto file = args.value("cluster")) {
    std::ifstream in(*file);
    auto read = readAlibabaNodes(in);
    if (!in.is_open()) return std::fprintf(stderr, "hetsched whatif: cannot read %s\n", file->c_str()), 1;
    if (auto* e = std::get_if<CsvError>(&read))
      return std::fprintf(stderr, "%s:%llu: %s %s\n", file->c_str(), static_cast<unsigned long long>(e->line),
                          csvProblem(e->kind), e->column.c_str()), 1;
    topology = std::move(std::get<Topology>(read));
    workload = *file;
  } else {
    const auto n = parseInteger("nodes", *args.value("nodes"), 1, 10'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    topology = syntheticTopology(static_cast<std::uint32_t>(std::get<long long>(n)));
    workload = "synthetic cluster of " + *args.value("nodes") + " nodes";
  }

  std::vector<SimJob> jobs;
  if (const auto file = args.value("jobs")) {
    std::ifstream in(*file);
    if (!in.is_open()) return std::fprintf(stderr, "hetsched whatif: cannot read %s\n", file->c_str()), 1;
    auto read = readAlibabaPods(in, topology);
    if (auto* e = std::get_if<CsvError>(&read))
      return std::fprintf(stderr, "%s:%llu: %s %s\n", file->c_str(), static_cast<unsigned long long>(e->line),
                          csvProblem(e->kind), e->column.c_str()), 1;
    auto& pods = std::get<AlibabaPods>(read);
    if (pods.skipped > 0)
      std::fprintf(stderr, "hetsched whatif: %llu pods without scheduled/deletion times skipped\n",
                   static_cast<unsigned long long>(pods.skipped));
    jobs = std::move(pods.jobs);
    workload += ", " + *file;
  } else {
    const auto n = parseInteger("synthetic", *args.value("synthetic"), 1, 100'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    double load = 0.9;
    if (const auto l = args.value("load")) {
      const auto v = parseNumber("load", *l, 0.01, 10.0);
      if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
      load = std::get<double>(v);
    }
    jobs = syntheticJobs(topology, static_cast<std::uint64_t>(std::get<long long>(n)), seed, load);
    workload += ", " + *args.value("synthetic") + " synthetic jobs (seed " + std::to_string(seed) + ")";
  }

  std::vector<WhatifColumn> columns;
  for (const std::string& name : policyArgs) {
    auto resolved = resolvePolicy(name);
    if (auto* e = std::get_if<std::string>(&resolved)) return std::fprintf(stderr, "%s\n", e->c_str()), 1;
    auto compiled = compilePolicy(std::get<v1::Policy>(resolved));
    const CompiledPolicy& policy = std::get<CompiledPolicy>(compiled);  // resolvePolicy validated it
    SimulationOptions options;
    options.seed = seed;
    options.runtimes = runtimes;
    const Simulator simulator(topology, policy, options);
    const auto t0 = std::chrono::steady_clock::now();
    auto result = simulator.run(jobs);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (auto* e = std::get_if<SimError>(&result)) {
      std::fprintf(stderr, "hetsched whatif: %s: %s\n", policy.name.c_str(),
                   *e == SimError::NoNodes ? "the cluster has no nodes" : "unknown external scorer");
      return 1;
    }
    columns.push_back({policy.name, std::get<SimResult>(result).summary, wall});
  }
  std::printf("%s\n\n", workload.c_str());
  printWhatifTable(stdout, columns);
  if (const auto out = args.value("json")) {
    std::ofstream file(*out);
    file << whatifJson(columns, workload);
    if (!file) return std::fprintf(stderr, "hetsched whatif: cannot write %s\n", out->c_str()), 1;
  }
  return 0;
}

}  // namespace hetsched::cli
