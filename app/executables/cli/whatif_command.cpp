#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "cli_args.h"
#include "commands.h"
#include "data/trace/alibaba_trace_importer.h"
#include "engine/core/core_options.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/synthetic_workload.h"
#include "engine/sim/trace_workload.h"
#include "import_report.h"
#include "policy.pb.h"
#include "policy_catalog.h"
#include "sim_args.h"
#include "trace_jobs_args.h"
#include "usecases/whatif/snapshot_files.h"
#include "usecases/whatif/whatif_comparison.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_run.h"
#include "whatif_report.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched whatif ((--cluster NODES.csv | --nodes N) (--jobs PODS.csv | --synthetic N)\n"
    "                        | --snapshot FILE [--snapshot-id N])\n"
    "                       --policy A.json|NAME [--policy B.json|NAME ...] [--seed S] [--json OUT]\n"
    "  --snapshot FILE  a snapshot file (hetsched snapshot save): its cluster, and its running and\n"
    "                   queued jobs replayed from their submit times; --snapshot-id N (default: newest);\n"
    "                   the results are recorded in the file as what-if runs unless --no-record;\n"
    "                   --snapshot-mode cut (default): from the cut, running jobs stay on their nodes,\n"
    "                   queued ones wait, and the last --horizon S (3600) of arrivals comes again;\n"
    "                   --snapshot-mode history: every recorded job from its submit time\n"
    "  --cluster FILE   Alibaba cluster-trace-gpu-v2023 openb_node_list CSV\n"
    "  --nodes N        synthetic cluster: 60% CPU, 30% GPU (8 A100), 10% TPU nodes\n"
    "  --jobs FILE      Alibaba openb_pod_list CSV (pods without an arrival or a runtime are left out);\n"
    "                   on a cluster without CPU nodes, CPU-only pods use GPU nodes' host CPUs\n"
    "  --strict         a rejected trace row is an error (by default it is reported and left out;\n"
    "                   a file with no usable row is always an error)\n"
    "  --synthetic N    N seeded synthetic jobs (mixed short and long)\n"
    "  --load X         synthetic offered load of the busiest kind (default 0.9)\n"
    "  --policy P       a policy JSON file or a built-in name (see `hetsched policies`); with\n"
    "                   --snapshot, `in-force` is the policy the snapshot recorded\n"
    "  --seed S         workload and simulation seed (default 1)\n"
    "  --runtimes K     what SJF/SRTF know of runtimes: oracle (default) or history\n"
    "  --arrival-scale X  multiply arrival times by X (a trace or snapshot replayed under more load)\n"
    "  --json OUT       also write the metrics as JSON\n"
    "  --replicas N     also run every policy on N replicas of the workload (arrivals resampled in\n"
    "                   blocks of --block S (300) seconds from the recorded ones, runtimes drawn\n"
    "                   from the runtime estimator's errors; seeded by --seed) and print each metric's\n"
    "                   median and 95 % interval, and each difference from the first policy, marked *\n"
    "                   where its paired interval excludes zero (docs/metrics.md)\n"
    "  --timeline PRE   write each policy's per-job timeline to PRE<policy>.csv\n";

std::string idList(const std::vector<std::int64_t>& ids) {
  std::string out;
  for (const std::int64_t id : ids) out += (out.empty() ? "#" : ", #") + std::to_string(id);
  return out;
}

// The trace or synthetic workload the options name, or the exit code after
// saying what is wrong.
std::variant<WhatifWorkload, int> traceOrSyntheticWorkload(const Args& args, std::uint64_t seed) {
  Topology topology;
  std::string workload;
  if (const auto file = args.value("cluster")) {
    const auto nodes = trace::AlibabaTraceImporter::loadNodes(*file);
    if (!reportImport("whatif", nodes, *file, args.flag("strict"))) return 1;
    topology = topologyFromTrace(nodes.rows);
    workload = *file;
  } else if (const auto nodes = args.value("nodes")) {
    const auto n = parseInteger("nodes", *nodes, 1, 10'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    topology = syntheticTopology(static_cast<std::uint32_t>(std::get<long long>(n)));
    workload = "synthetic cluster of " + *nodes + " nodes";
  } else {
    return std::fputs("hetsched whatif: --cluster or --nodes names the cluster\n", stderr), 2;
  }

  std::vector<SimJob> jobs;
  bool cpuPodsOnGpuNodes = false;
  if (const auto file = args.value("jobs")) {
    auto converted = traceJobsFromArgs("whatif", args, *file, topology, seed);
    if (const int* rc = std::get_if<int>(&converted)) return *rc;
    jobs = std::get<TraceJobs>(std::move(converted)).jobs;
    cpuPodsOnGpuNodes =
        std::ranges::none_of(topology.nodes, [](const NodeInfo& n) { return n.kind == DeviceKind::Cpu; });
    workload += ", " + *file;
  } else if (const auto synthetic = args.value("synthetic")) {
    const auto n = parseInteger("synthetic", *synthetic, 1, 100'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    double load = 0.9;
    if (const auto l = args.value("load")) {
      const auto v = parseNumber("load", *l, 0.01, 10.0);
      if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
      load = std::get<double>(v);
    }
    jobs = syntheticJobs(topology, static_cast<std::uint64_t>(std::get<long long>(n)), seed, load);
    workload += ", " + *synthetic + " synthetic jobs (seed " + std::to_string(seed) + ")";
  } else {
    return std::fputs("hetsched whatif: --jobs or --synthetic names the workload\n", stderr), 2;
  }

  WhatifWorkload w;
  w.topology = std::move(topology);
  w.jobs = std::move(jobs);
  w.cpuPodsOnGpuNodes = cpuPodsOnGpuNodes;
  w.description = workload;
  return w;
}

}  // namespace

int runWhatif(std::span<char* const> argv) {
  const Args args(argv);
  constexpr std::array<std::string_view, 22> kKnown{"replicas",
                                                    "block",
                                                    "arrival-scale",
                                                    "cluster",
                                                    "nodes",
                                                    "jobs",
                                                    "synthetic",
                                                    "load",
                                                    "policy",
                                                    "seed",
                                                    "json",
                                                    "help",
                                                    "runtimes",
                                                    "timeline",
                                                    "snapshot",
                                                    "snapshot-id",
                                                    "no-record",
                                                    "snapshot-mode",
                                                    "horizon",
                                                    "strict",
                                                    kTraceTimingOptions[0],
                                                    kTraceTimingOptions[1]};
  const auto unknown = args.unknownOptions(kKnown);
  const auto policyArgs = args.values("policy");
  if (args.flag("help")) return std::fputs(kUsage, stdout), std::fputs(kTraceTimingHelp, stdout), 0;
  const bool fromSnapshot = args.value("snapshot").has_value();
  const bool fromTrace = args.value("cluster").has_value() != args.value("nodes").has_value() &&
                         args.value("jobs").has_value() != args.value("synthetic").has_value();
  const bool anyTrace = args.value("cluster") || args.value("nodes") || args.value("jobs") || args.value("synthetic");
  if (!unknown.empty() || policyArgs.empty() || (fromSnapshot ? anyTrace : !fromTrace)) {
    for (const auto& u : unknown) std::fprintf(stderr, "hetsched whatif: unknown option %s\n", u.c_str());
    std::fputs(kUsage, stderr);
    std::fputs(kTraceTimingHelp, stderr);
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

  std::variant<WhatifWorkload, int> built = 2;
  if (const auto file = args.value("snapshot")) {
    std::int64_t id = 0;
    if (const auto i = args.value("snapshot-id")) {
      const auto v = parseInteger("snapshot-id", *i, 1, std::numeric_limits<long long>::max());
      if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
      id = std::get<long long>(v);
    }
    bool fromCut = true;
    if (const auto mode = args.value("snapshot-mode")) {
      if (*mode != "cut" && *mode != "history")
        return std::fprintf(stderr, "hetsched whatif: --snapshot-mode is cut or history\n"), 2;
      fromCut = *mode == "cut";
    }
    double horizon = 3600.0;
    if (const auto h = args.value("horizon")) {
      const auto v = parseNumber("horizon", *h, 0.0, 1e7);
      if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
      horizon = std::get<double>(v);
    }
    auto loaded = loadSnapshotWorkload(*file, id, fromCut, horizon);
    if (auto* e = std::get_if<std::string>(&loaded))
      return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 1;
    built = std::get<WhatifWorkload>(std::move(loaded));
  } else {
    built = traceOrSyntheticWorkload(args, seed);
  }
  if (const int* rc = std::get_if<int>(&built)) return *rc;
  if (const auto x = args.value("arrival-scale")) {
    const auto v = parseNumber("arrival-scale", *x, 1e-6, 1e6);
    if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    auto& w = std::get<WhatifWorkload>(built);
    for (SimJob& j : w.jobs) j.arrivalS *= std::get<double>(v);
    w.description += ", arrivals x" + *x;
  }
  std::size_t replicaCount = 0;
  double blockS = 300.0;
  if (const auto r = args.value("replicas")) {
    const auto v = parseInteger("replicas", *r, 2, 100'000);
    if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    replicaCount = static_cast<std::size_t>(std::get<long long>(v));
  }
  if (const auto b = args.value("block")) {
    const auto v = parseNumber("block", *b, 1.0, 1e7);
    if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched whatif: %s\n", e->c_str()), 2;
    blockS = std::get<double>(v);
  }
  const WhatifWorkload& whatif = std::get<WhatifWorkload>(built);
  const std::string& workload = whatif.description;
  std::vector<v1::Policy> policies;
  for (const std::string& name : policyArgs) {
    // `in-force`: the snapshot's own policy, the baseline a candidate has to beat.
    auto resolved = name == "in-force" ? resolveInForce(whatif) : resolvePolicy(name);
    if (auto* e = std::get_if<std::string>(&resolved)) return std::fprintf(stderr, "%s\n", e->c_str()), 1;
    policies.push_back(std::get<v1::Policy>(std::move(resolved)));  // validated
  }
  // A comparison on a snapshot stays with it, as the console's does; reading
  // a snapshot needs no write access, only keeping the runs does.
  const std::string snapshotFile = args.value("snapshot").value_or(std::string());
  const bool keep = whatif.snapshotId != 0 && !args.flag("no-record");
  const bool writable = keep && ::access(snapshotFile.c_str(), W_OK) == 0;
  const int writeErrno = errno;
  WhatifComparisonOptions options;
  options.simulation.seed = seed;
  options.simulation.runtimes = runtimes;
  options.replicas = replicaCount;
  options.blockS = blockS;
  options.record = writable;
  // The console's What-if tab runs the same use case: the first policy is
  // the baseline.
  auto compared =
      runWhatifComparison(whatif, policies.front(), std::span<const v1::Policy>(policies).subspan(1), options);
  if (auto* e = std::get_if<WhatifComparisonError>(&compared)) {
    std::fprintf(stderr, "hetsched whatif: %s%s: %s\n", e->replica ? "replicas: " : "", e->policy.c_str(),
                 e->error.message.c_str());
    return 1;
  }
  const WhatifComparison& comparison = std::get<WhatifComparison>(compared);
  std::vector<WhatifColumn> columns;
  for (const WhatifOutcome& run : comparison.results.runs) {
    columns.push_back({run.policy, run.result.summary, run.wallS});
    if (const auto prefix = args.value("timeline")) {
      const std::string path = *prefix + run.policy + ".csv";
      std::FILE* out = std::fopen(path.c_str(), "w");
      if (!out)
        return std::fprintf(stderr, "hetsched whatif: cannot write %s: %s\n", path.c_str(), std::strerror(errno)), 1;
      writeTimelineCsv(out, run.result, whatif.topology);
      std::fclose(out);
    }
  }
  std::printf("%s\n\n", workload.c_str());
  printWhatifTable(stdout, columns);
  const std::optional<ReplicaResults>& replicas = comparison.replicas;
  if (replicas) {
    std::printf("\n");
    printReplicaTable(stdout, *replicas);
  }
  if (const auto out = args.value("json")) {
    errno = 0;
    std::ofstream file(*out);
    std::vector<std::pair<std::string, SimSummary>> summaries;
    summaries.reserve(columns.size());
    for (const WhatifColumn& c : columns) summaries.emplace_back(c.policy, c.summary);
    file << whatifJson(workload, summaries, replicas ? &*replicas : nullptr);
    file.close();
    if (!file)
      return std::fprintf(stderr, "hetsched whatif: cannot write %s: %s\n", out->c_str(),
                          std::strerror(errno != 0 ? errno : EIO)),
             1;
  }
  if (keep && !writable) {
    std::fprintf(stderr, "hetsched whatif: not recorded in %s: cannot write it (%s)\n", snapshotFile.c_str(),
                 std::strerror(writeErrno));
    return 0;
  }
  if (comparison.recorded) {
    if (auto* e = std::get_if<std::string>(&*comparison.recorded))
      return std::fprintf(stderr, "hetsched whatif: not recorded in the snapshot file: %s\n", e->c_str()), 1;
    std::printf("\nrecorded as what-if runs %s of snapshot #%lld (hetsched snapshot info %s)\n",
                idList(std::get<std::vector<std::int64_t>>(*comparison.recorded)).c_str(),
                static_cast<long long>(whatif.snapshotId), snapshotFile.c_str());
  }
  return 0;
}

}  // namespace hetsched::cli
