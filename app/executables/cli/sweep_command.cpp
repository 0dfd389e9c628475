// hetsched sweep: one policy over a grid of one or two of its parameters on
// one workload, every point's metrics and the Pareto front of two of them.
#include "cli_args.h"
#include "commands.h"
#include "policy_catalog.h"
#include "sim_args.h"
#include "whatif/whatif_metrics.h"
#include "whatif/whatif_sweep.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <thread>

#include <unistd.h>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched sweep (--snapshot FILE [--snapshot-id N] [--snapshot-mode cut|history] [--horizon S]\n"
    "                       | --nodes N --synthetic M [--load X])\n"
    "                      --policy P --vary PARAM=LOW:HIGH:STEP|PARAM=A,B,C [--vary ...]\n"
    "                      [--x METRIC] [--y METRIC] [--json OUT] [--csv OUT] [--seed S] [--threads T]\n"
    "  --policy P   a policy JSON file, a built-in name (`hetsched policies`), or with --snapshot\n"
    "               `in-force`, the policy the snapshot recorded\n"
    "  --vary       a numeric parameter by its policy-file path, e.g.\n"
    "               placement.priority_factor=0:4:0.25, queue.backfill_depth=0,4,16; one or two\n"
    "               (a grid); every point runs on the same workload, on every core\n"
    "  --x, --y     the two metrics the Pareto front is taken over (keys as in `hetsched whatif\n"
    "               --json`; default wait_avg_s and gpu_allocation_ratio), each better in its own\n"
    "               direction; front points are marked *\n"
    "  --json, --csv  also write every point's parameters and metrics\n"
    "  --threads T  worker threads (default: one per core)\n";

int fail(const std::string& message, int code) {
  std::fprintf(stderr, "hetsched sweep: %s\n", message.c_str());
  return code;
}

bool knownMetric(const std::string& key) {
  for (const WhatifMetric& m : whatifMetrics())
    if (m.key == key) return true;
  return false;
}

}  // namespace

int runSweep(std::span<char* const> argv) {
  const Args args(argv);
  constexpr std::array<std::string_view, 17> kKnown{
      "snapshot", "snapshot-id", "snapshot-mode", "horizon", "nodes", "synthetic", "load", "policy", "vary",
      "x",        "y",           "json",          "csv",     "seed",  "threads",   "help", "runtimes"};
  if (args.flag("help")) return std::fputs(kUsage, stdout), 0;
  const auto unknown = args.unknownOptions(kKnown);
  const auto varies = args.values("vary");
  const bool snapshot = args.value("snapshot").has_value();
  const bool synthetic = args.value("nodes").has_value() && args.value("synthetic").has_value();
  if (!unknown.empty() || !args.value("policy") || varies.empty() || varies.size() > 2 || snapshot == synthetic) {
    for (const auto& u : unknown) std::fprintf(stderr, "hetsched sweep: unknown option %s\n", u.c_str());
    if (varies.size() > 2) std::fputs("hetsched sweep: at most two --vary (a grid)\n", stderr);
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::uint64_t seed = 1;
  if (const auto s = args.value("seed")) {
    const auto v = parseInteger("seed", *s, 0, std::numeric_limits<long long>::max());
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e, 2);
    seed = static_cast<std::uint64_t>(std::get<long long>(v));
  }
  unsigned threads = 0;
  if (const auto t = args.value("threads")) {
    const auto v = parseInteger("threads", *t, 1, 256);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e, 2);
    threads = static_cast<unsigned>(std::get<long long>(v));
  }
  const std::string xKey = args.value("x").value_or("wait_avg_s");
  const std::string yKey = args.value("y").value_or("gpu_allocation_ratio");
  for (const std::string& k : {xKey, yKey})
    if (!knownMetric(k)) return fail(k + " is not a metric (see the keys of hetsched whatif --json)", 2);

  WhatifWorkload workload;
  if (snapshot) {
    std::int64_t id = 0;
    if (const auto i = args.value("snapshot-id")) {
      const auto v = parseInteger("snapshot-id", *i, 1, std::numeric_limits<long long>::max());
      if (auto* e = std::get_if<std::string>(&v)) return fail(*e, 2);
      id = std::get<long long>(v);
    }
    const std::string mode = args.value("snapshot-mode").value_or("cut");
    if (mode != "cut" && mode != "history") return fail("--snapshot-mode is cut or history", 2);
    double horizon = 3600.0;
    if (const auto h = args.value("horizon")) {
      const auto v = parseNumber("horizon", *h, 0.0, 1e7);
      if (auto* e = std::get_if<std::string>(&v)) return fail(*e, 2);
      horizon = std::get<double>(v);
    }
    auto loaded = loadSnapshotWorkload(*args.value("snapshot"), id, mode == "cut", horizon);
    if (auto* e = std::get_if<std::string>(&loaded)) return fail(*e, 1);
    workload = std::get<WhatifWorkload>(std::move(loaded));
  } else {
    const auto n = parseInteger("nodes", *args.value("nodes"), 1, 1'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return fail(*e, 2);
    const auto m = parseInteger("synthetic", *args.value("synthetic"), 1, 10'000'000);
    if (auto* e = std::get_if<std::string>(&m)) return fail(*e, 2);
    double load = 0.9;
    if (const auto l = args.value("load")) {
      const auto v = parseNumber("load", *l, 0.01, 10.0);
      if (auto* e = std::get_if<std::string>(&v)) return fail(*e, 2);
      load = std::get<double>(v);
    }
    workload = syntheticWhatifWorkload(static_cast<std::uint32_t>(std::get<long long>(n)),
                                       static_cast<std::uint64_t>(std::get<long long>(m)), seed, load);
  }

  std::variant<v1::Policy, std::string> resolved;
  if (*args.value("policy") == "in-force") {
    if (workload.policyInForce) resolved = *workload.policyInForce;
    else resolved = std::string("in-force: ") + (workload.policyInForceProblem.empty()
                                                     ? "only a --snapshot workload records the policy in force"
                                                     : workload.policyInForceProblem);
  } else {
    resolved = resolvePolicy(*args.value("policy"));
  }
  if (auto* e = std::get_if<std::string>(&resolved)) return fail(*e, 1);
  const v1::Policy& policy = std::get<v1::Policy>(resolved);
  std::vector<SweepAxis> axes;
  for (const std::string& v : varies) {
    auto axis = parseSweepAxis(v, policy);
    if (auto* e = std::get_if<std::string>(&axis)) return fail(*e, 2);
    axes.push_back(std::get<SweepAxis>(std::move(axis)));
  }
  std::size_t total = 1;
  for (const SweepAxis& a : axes) total *= a.values.size();

  SweepOptions options;
  options.threads = threads;
  options.simulation.seed = seed;
  if (const auto r = args.value("runtimes")) {
    if (*r == "history") options.simulation.runtimes = RuntimeKnowledge::History;
    else if (*r != "oracle") return fail("--runtimes is oracle or history", 2);
  }
  std::atomic<std::size_t> done{0};
  options.pointsDone = &done;
  const auto t0 = std::chrono::steady_clock::now();
  std::variant<std::vector<SweepPoint>, WhatifComparisonError> swept = std::vector<SweepPoint>{};
  {
    std::atomic<bool> finished{false};
    std::jthread worker([&] {
      swept = runWhatifSweep(workload, policy, axes, options);
      finished = true;
    });
    // Progress on a terminal, every fifth of a second.
    if (::isatty(STDERR_FILENO)) {
      while (!finished.load()) {
        std::fprintf(stderr, "\rhetsched sweep: %zu/%zu points", done.load(), total);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
      std::fprintf(stderr, "\r%40s\r", "");
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (auto* e = std::get_if<WhatifComparisonError>(&swept)) return fail(e->policy + ": " + e->error.message, 1);
  const auto& points = std::get<std::vector<SweepPoint>>(swept);
  const std::vector<bool> front = paretoFront(points, xKey, yKey);

  const WhatifMetric* x = nullptr;
  const WhatifMetric* y = nullptr;
  for (const WhatifMetric& m : whatifMetrics()) {
    if (m.key == xKey) x = &m;
    if (m.key == yKey) y = &m;
  }
  std::printf("%s\n%s over %zu points (%.2f s on %u threads)\n\n", workload.description.c_str(), policy.name().c_str(),
              points.size(), wall, threads ? threads : std::max(1u, std::thread::hardware_concurrency()));
  for (const SweepAxis& a : axes) std::printf("%-26s ", a.path.c_str());
  std::printf("%18s %18s  front\n", xKey.c_str(), yKey.c_str());
  std::size_t onFront = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (const double v : points[i].values) std::printf("%-26g ", v);
    std::printf("%18.*f %18.*f  %s\n", x->decimals, x->value(points[i].summary), y->decimals,
                y->value(points[i].summary), front[i] ? "*" : "");
    onFront += front[i] ? 1 : 0;
  }
  std::printf("\n%zu of %zu points on the Pareto front of %s and %s\n", onFront, points.size(), xKey.c_str(),
              yKey.c_str());

  if (const auto out = args.value("json")) {
    nlohmann::ordered_json j;
    j["workload"] = workload.description;
    j["policy"] = policy.name();
    j["x"] = xKey;
    j["y"] = yKey;
    j["parameters"] = nlohmann::ordered_json::array();
    for (const SweepAxis& a : axes) j["parameters"].push_back(a.path);
    j["points"] = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < points.size(); ++i)
      j["points"].push_back({{"values", points[i].values},
                             {"pareto", static_cast<bool>(front[i])},
                             {"summary", nlohmann::ordered_json::parse(whatifSummaryJson(points[i].summary))}});
    errno = 0;
    std::ofstream file(*out);
    file << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    file.close();
    if (!file) return fail("cannot write " + *out + ": " + std::strerror(errno != 0 ? errno : EIO), 1);
  }
  if (const auto out = args.value("csv")) {
    errno = 0;
    std::ofstream file(*out);
    for (const SweepAxis& a : axes) file << a.path << ",";
    file << "pareto";
    for (const WhatifMetric& m : whatifMetrics()) file << "," << m.key;
    file << "\n";
    for (std::size_t i = 0; i < points.size(); ++i) {
      for (const double v : points[i].values) file << v << ",";
      file << (front[i] ? 1 : 0);
      for (const WhatifMetric& m : whatifMetrics()) file << "," << m.value(points[i].summary);
      file << "\n";
    }
    file.close();
    if (!file) return fail("cannot write " + *out + ": " + std::strerror(errno != 0 ? errno : EIO), 1);
  }
  return 0;
}

}  // namespace hetsched::cli
