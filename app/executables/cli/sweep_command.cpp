// hetsched sweep: a list of policies, or each over a grid of one or two of
// its parameters, on one workload; every point's metrics (with replicas,
// their intervals) and the Pareto front of two of them.
#include "cli_args.h"
#include "commands.h"
#include "engine/core/core_options.h"
#include "policy.pb.h"
#include "policy_catalog.h"
#include "sim_args.h"
#include "usecases/whatif/bootstrap.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/snapshot_files.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_sweep.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched sweep (--snapshot FILE [--snapshot-id N] [--snapshot-mode cut|history] [--horizon S]\n"
    "                       | --nodes N --synthetic M [--load X])\n"
    "                      (--policy P [--policy Q ...] | --policies-dir DIR)\n"
    "                      [--vary PARAM=LOW:HIGH:STEP|PARAM=A,B,C [--vary ...]] [--replicas N [--block S]]\n"
    "                      [--x METRIC] [--y METRIC] [--json OUT] [--csv OUT] [--seed S] [--threads T]\n"
    "  --policy P   a policy JSON file, a built-in name (`hetsched policies`), or with --snapshot\n"
    "               `in-force`, the policy the snapshot recorded; repeat it for a list of policies\n"
    "  --policies-dir DIR  every *.json policy in DIR (by file name), after the --policy ones\n"
    "  --vary       a numeric parameter by its policy-file path, e.g.\n"
    "               placement.priority_factor=0:4:0.25, queue.backfill_depth=0,4,16; one or two\n"
    "               (a grid). Without --vary every listed policy is one point; with it, every\n"
    "               listed policy is run over the whole grid. Every point runs on the same\n"
    "               workload, on every core\n"
    "  --replicas N also run every point on N replicas of the workload (as hetsched whatif\n"
    "               --replicas: arrivals resampled in blocks of --block S seconds, 300; runtimes\n"
    "               from the estimator's errors; seeded by --seed): each metric is then the\n"
    "               median with its 95 % interval, and the front is taken on the medians\n"
    "  --x, --y     the two metrics the Pareto front is taken over (keys as in `hetsched whatif\n"
    "               --json`; default wait_avg_s and gpu_allocation_ratio), each better in its own\n"
    "               direction; front points are marked *\n"
    "  --json, --csv  also write every point's policy, parameters and metrics (with --replicas\n"
    "               the medians, and KEY_lo, KEY_hi columns for the intervals)\n"
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

const WhatifMetric& metricOf(const std::string& key) {
  for (const WhatifMetric& m : whatifMetrics())
    if (m.key == key) return m;
  return whatifMetrics().front();  // checked by knownMetric first
}

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// A number as CSV holds it: the shortest text that reads back the same.
std::string exact(double v) {
  char text[32];
  for (const int digits : {6, 15, 17}) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    if (std::strtod(text, nullptr) == v) break;
  }
  return text;
}

// Every *.json file in `dir`, by file name, or why not.
std::variant<std::vector<std::string>, std::string> policyFiles(const std::string& dir) {
  std::error_code ec;
  std::vector<std::string> files;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".json") files.push_back(it->path().string());
  if (ec) return "--policies-dir " + dir + ": " + ec.message();
  if (files.empty()) return "--policies-dir " + dir + ": no policy (*.json) in it";
  std::ranges::sort(files);
  return files;
}

// A metric's cell: the value, or with replicas "median [low, high]".
std::string cell(const WhatifMetric& m, const SweepPoint& point) {
  char text[128];
  if (const Interval* i = sweepInterval(m, point))
    std::snprintf(text, sizeof text, "%.*f [%.*f, %.*f]", m.decimals, i->median, m.decimals, i->low, m.decimals,
                  i->high);
  else std::snprintf(text, sizeof text, "%.*f", m.decimals, m.value(point.summary));
  return text;
}

}  // namespace

int runSweep(std::span<char* const> argv) {
  const Args args(argv);
  constexpr std::array<std::string_view, 20> kKnown{
      "snapshot", "snapshot-id", "snapshot-mode", "horizon", "nodes", "synthetic", "load", "policy",   "vary",
      "x",        "y",           "json",          "csv",     "seed",  "threads",   "help", "runtimes", "replicas",
      "block",    "policies-dir"};
  if (args.flag("help")) return std::fputs(kUsage, stdout), 0;
  const auto unknown = args.unknownOptions(kKnown);
  const auto varies = args.values("vary");
  const auto named = args.values("policy");
  const auto dir = args.value("policies-dir");
  const std::optional<std::string> snapshotFile = args.value("snapshot");
  const std::optional<std::string> nodes = args.value("nodes");
  const std::optional<std::string> jobs = args.value("synthetic");
  const bool snapshot = snapshotFile.has_value();
  const bool synthetic = nodes && jobs;
  if (!unknown.empty() || (named.empty() && !dir) || varies.size() > 2 || snapshot == synthetic) {
    for (const auto& u : unknown) std::fprintf(stderr, "hetsched sweep: unknown option %s\n", u.c_str());
    if (varies.size() > 2) std::fputs("hetsched sweep: at most two --vary (a grid)\n", stderr);
    if (named.empty() && !dir)
      std::fputs("hetsched sweep: no policy: give --policy (one or more) or --policies-dir\n", stderr);
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
  std::size_t replicas = 0;
  if (const auto r = args.value("replicas")) {
    const auto v = parseInteger("replicas", *r, 2, 100'000);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e, 2);
    replicas = static_cast<std::size_t>(std::get<long long>(v));
  }
  double blockS = 300.0;
  if (const auto b = args.value("block")) {
    const auto v = parseNumber("block", *b, 1.0, 1e7);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e, 2);
    blockS = std::get<double>(v);
  }
  const std::string xKey = args.value("x").value_or("wait_avg_s");
  const std::string yKey = args.value("y").value_or("gpu_allocation_ratio");
  for (const std::string& k : {xKey, yKey})
    if (!knownMetric(k)) return fail(k + " is not a metric (see the keys of hetsched whatif --json)", 2);

  // Every policy named, before any workload is read or run: a bad name
  // stops the sweep naming it. `in-force` waits for the workload.
  std::vector<std::string> sources = named;
  if (dir) {
    auto files = policyFiles(*dir);
    if (auto* e = std::get_if<std::string>(&files)) return fail(*e, 1);
    for (std::string& f : std::get<std::vector<std::string>>(files)) sources.push_back(std::move(f));
  }
  std::vector<std::optional<v1::Policy>> resolved(sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (sources[i] == "in-force") continue;
    auto policy = resolvePolicy(sources[i]);
    if (auto* e = std::get_if<std::string>(&policy)) return fail(*e, 1);
    resolved[i] = std::get<v1::Policy>(std::move(policy));
  }

  WhatifWorkload workload;
  if (snapshotFile) {
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
    auto loaded = loadSnapshotWorkload(*snapshotFile, id, mode == "cut", horizon);
    if (auto* e = std::get_if<std::string>(&loaded)) return fail(*e, 1);
    workload = std::get<WhatifWorkload>(std::move(loaded));
  } else if (nodes && jobs) {  // one of the two, as checked above
    const auto n = parseInteger("nodes", *nodes, 1, 1'000'000);
    if (auto* e = std::get_if<std::string>(&n)) return fail(*e, 2);
    const auto m = parseInteger("synthetic", *jobs, 1, 10'000'000);
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

  std::vector<v1::Policy> policies;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (const std::optional<v1::Policy>& known = resolved[i]) {
      policies.push_back(*known);
      continue;
    }
    auto inForce = resolveInForce(workload);
    if (auto* e = std::get_if<std::string>(&inForce)) return fail(*e, 1);
    policies.push_back(std::get<v1::Policy>(std::move(inForce)));
  }
  // The grid is taken for every listed policy: each must take its values.
  std::vector<SweepAxis> axes;
  for (const std::string& v : varies) {
    std::optional<SweepAxis> parsed;
    for (const v1::Policy& p : policies) {
      auto axis = parseSweepAxis(v, p);
      if (auto* e = std::get_if<std::string>(&axis)) return fail(policies.size() > 1 ? p.name() + ": " + *e : *e, 2);
      if (!parsed) parsed = std::get<SweepAxis>(std::move(axis));
    }
    if (!parsed) return fail("--vary needs a policy to vary", 2);
    axes.push_back(std::move(*parsed));
  }
  std::size_t total = policies.size();
  for (const SweepAxis& a : axes) total *= a.values.size();
  const std::vector<std::string> names = sweepPolicyNames(policies);
  // A list (or a grid of several policies) names each point's policy.
  const bool policyColumn = axes.empty() || policies.size() > 1;

  SweepOptions options;
  options.threads = threads;
  options.simulation.seed = seed;
  options.replicas = replicas;
  options.replicaSeed = seed;
  options.blockS = blockS;
  if (const auto r = args.value("runtimes")) {
    if (*r == "history") options.simulation.runtimes = RuntimeKnowledge::History;
    else if (*r != "oracle") return fail("--runtimes is oracle or history", 2);
  }
  const std::size_t runs = sweepRuns(total, replicas);
  std::atomic<std::size_t> done{0};
  options.pointsDone = &done;
  const auto t0 = std::chrono::steady_clock::now();
  std::variant<std::vector<SweepPoint>, WhatifComparisonError> swept = std::vector<SweepPoint>{};
  {
    std::atomic<bool> finished{false};
    std::jthread worker([&] {
      swept = runWhatifSweep(workload, policies, axes, options);
      finished = true;
    });
    // Progress on a terminal, every fifth of a second.
    if (::isatty(STDERR_FILENO)) {
      while (!finished.load()) {
        std::fprintf(stderr, "\rhetsched sweep: %zu/%zu runs", done.load(), runs);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
      std::fprintf(stderr, "\r%40s\r", "");
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (auto* e = std::get_if<WhatifComparisonError>(&swept)) return fail(e->policy + ": " + e->error.message, 1);
  const auto& points = std::get<std::vector<SweepPoint>>(swept);
  const std::vector<bool> front = paretoFront(points, xKey, yKey);
  const WhatifMetric& x = metricOf(xKey);
  const WhatifMetric& y = metricOf(yKey);

  std::string what = policies.size() == 1 ? names[0] : std::to_string(policies.size()) + " policies";
  std::printf("%s\n%s over %zu points", workload.description.c_str(), what.c_str(), points.size());
  if (replicas > 1)
    std::printf(" x %zu replicas (seed %llu): median [95 %% interval]", replicas,
                static_cast<unsigned long long>(seed));
  std::printf(" (%.2f s on %u threads)\n\n", wall,
              threads ? threads : std::max(1u, std::thread::hardware_concurrency()));
  int nameWidth = 6;
  for (const std::string& n : names) nameWidth = std::max(nameWidth, static_cast<int>(n.size()));
  const int width = replicas > 1 ? 34 : 18;
  if (policyColumn) std::printf("%-*s ", nameWidth, "policy");
  for (const SweepAxis& a : axes) std::printf("%-26s ", a.path.c_str());
  std::printf("%*s %*s  front\n", width, xKey.c_str(), width, yKey.c_str());
  std::size_t onFront = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (policyColumn) std::printf("%-*s ", nameWidth, names[points[i].policy].c_str());
    for (const double v : points[i].values) std::printf("%-26g ", v);
    std::printf("%*s %*s  %s\n", width, cell(x, points[i]).c_str(), width, cell(y, points[i]).c_str(),
                front[i] ? "*" : "");
    onFront += front[i] ? 1 : 0;
  }
  std::printf("\n%zu of %zu points on the Pareto front of %s and %s%s\n", onFront, points.size(), xKey.c_str(),
              yKey.c_str(), replicas > 1 ? " (their medians)" : "");

  if (const auto out = args.value("json")) {
    nlohmann::ordered_json j;
    j["workload"] = workload.description;
    if (policies.size() == 1) j["policy"] = names[0];
    j["policies"] = names;
    j["x"] = xKey;
    j["y"] = yKey;
    j["parameters"] = nlohmann::ordered_json::array();
    for (const SweepAxis& a : axes) j["parameters"].push_back(a.path);
    if (replicas > 1) {
      j["replicas"] = replicas;
      j["seed"] = seed;
    }
    j["points"] = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < points.size(); ++i) {
      nlohmann::ordered_json p{{"policy", names[points[i].policy]},
                               {"values", points[i].values},
                               {"pareto", static_cast<bool>(front[i])},
                               {"summary", nlohmann::ordered_json::parse(whatifSummaryJson(points[i].summary))}};
      if (!points[i].intervals.empty()) {
        nlohmann::ordered_json intervals = nlohmann::ordered_json::object();
        for (const WhatifMetric& m : whatifMetrics()) {
          const Interval* v = sweepInterval(m, points[i]);
          intervals[std::string(m.key)] = {{"median", v->median}, {"low", v->low}, {"high", v->high}};
        }
        p["intervals"] = std::move(intervals);
      }
      j["points"].push_back(std::move(p));
    }
    errno = 0;
    std::ofstream file(*out);
    file << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    file.close();
    if (!file) return fail("cannot write " + *out + ": " + std::strerror(errno != 0 ? errno : EIO), 1);
  }
  if (const auto out = args.value("csv")) {
    errno = 0;
    std::ofstream file(*out);
    if (policyColumn) file << "policy,";
    for (const SweepAxis& a : axes) file << a.path << ",";
    file << "pareto";
    for (const WhatifMetric& m : whatifMetrics()) {
      file << "," << m.key;
      if (replicas > 1) file << "," << m.key << "_lo," << m.key << "_hi";
    }
    file << "\n";
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (policyColumn) file << csvField(names[points[i].policy]) << ",";
      for (const double v : points[i].values) file << exact(v) << ",";
      file << (front[i] ? 1 : 0);
      for (const WhatifMetric& m : whatifMetrics()) {
        file << "," << exact(sweepValue(m, points[i]));
        if (const Interval* v = sweepInterval(m, points[i])) file << "," << exact(v->low) << "," << exact(v->high);
      }
      file << "\n";
    }
    file.close();
    if (!file) return fail("cannot write " + *out + ": " + std::strerror(errno != 0 ? errno : EIO), 1);
  }
  return 0;
}

}  // namespace hetsched::cli
