#include "base/model/topology.h"
#include "bench_process.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulator.h"
#include "engine/sim/synthetic_workload.h"
#include "policy.pb.h"
#include "sim_args.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

double peakRssMib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux reports KiB
}

// A backlog workload's rush is this many times its base load.
constexpr double kOverload = 1.6;

struct QueueDepth {
  std::uint32_t peak = 0;
  double mean = 0.0;               // time-weighted, first to last sample
  double overThousandShare = 0.0;  // share of that time with > 1,000 waiting
};

QueueDepth queueDepth(const std::vector<TimeSample>& series) {
  QueueDepth d;
  double total = 0.0;
  for (std::size_t i = 0; i + 1 < series.size(); ++i) {
    const double dt = series[i + 1].timeS - series[i].timeS;
    d.peak = std::max(d.peak, series[i].queued);
    d.mean += series[i].queued * dt;
    if (series[i].queued > 1000) d.overThousandShare += dt;
    total += dt;
  }
  if (!series.empty()) d.peak = std::max(d.peak, series.back().queued);
  if (total > 0.0) {
    d.mean /= total;
    d.overThousandShare /= total;
  }
  return d;
}

long long option(const Args& args, std::string_view name, long long fallback, long long max) {
  const auto text = args.value(name);
  if (!text) return fallback;
  const auto v = parseInteger(name, *text, 1, max);
  return std::holds_alternative<long long>(v) ? std::get<long long>(v) : -1;
}

}  // namespace

// hetsched bench sim: SJF + best fit over a synthetic heterogeneous cluster;
// the easy workload (load 0.95) hardly queues, the backlog one keeps
// thousands of jobs waiting through its rush.
int benchSim(const Args& args) {
  const long long jobCount = option(args, "jobs", 1'000'000, 100'000'000);
  const long long nodes = option(args, "nodes", 10'000, 10'000'000);
  const long long runs = option(args, "runs", 3, 100);
  const long long seed = option(args, "seed", 1, std::numeric_limits<long long>::max());
  if (jobCount < 0 || nodes < 0 || runs < 0 || seed < 0) {
    std::fprintf(stderr,
                 "usage: hetsched bench sim [--jobs N] [--nodes N] [--runs N] [--seed S] [--load X] "
                 "[--workload easy|backlog] [--policy NAME]\n");
    return 2;
  }
  const std::string workload{args.value("workload").value_or("easy")};
  if (workload != "easy" && workload != "backlog") {
    std::fprintf(stderr, "hetsched bench sim: --workload must be easy or backlog, not '%s'\n", workload.c_str());
    return 2;
  }
  const bool backlog = workload == "backlog";
  const std::string policyName{args.value("policy").value_or("sjf")};
  double load = backlog ? 0.8 : 0.95;
  if (const auto l = args.value("load")) {
    const auto v = parseNumber("load", *l, 0.01, 10.0);
    if (!std::holds_alternative<double>(v)) return std::fprintf(stderr, "hetsched bench sim: bad --load\n"), 2;
    load = std::get<double>(v);
  }
  const auto t0 = std::chrono::steady_clock::now();
  const Topology topology = syntheticTopology(static_cast<std::uint32_t>(nodes));
  const auto count = static_cast<std::uint64_t>(jobCount);
  const auto jobs = backlog ? syntheticBacklogJobs(topology, count, static_cast<std::uint64_t>(seed), load, kOverload)
                            : syntheticJobs(topology, count, static_cast<std::uint64_t>(seed), load);
  const double genS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "sim bench: %s workload, %lld jobs, %lld nodes (%zu devices), policy %s, load %.2f%s; workload built in "
      "%.2f s\n",
      workload.c_str(), jobCount, nodes, topology.devices.size(), policyName.c_str(), load,
      backlog ? " (x1.6 for the middle 40 % of the jobs)" : "", genS);

  std::optional<v1::Policy> policy;
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == policyName) policy = p;
  if (!policy) {
    std::fprintf(stderr, "hetsched bench sim: --policy: no built-in policy '%s'\n", policyName.c_str());
    return 2;
  }
  const CompiledPolicy compiled = std::get<CompiledPolicy>(compilePolicy(*policy));
  const Simulator simulator(topology, compiled);
  std::vector<double> rates;
  std::vector<double> cpuRates;
  for (long long r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = processCpuSeconds();
    const auto result = simulator.run(jobs);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = processCpuSeconds() - cpuStart;
    const SimSummary& s = std::get<SimResult>(result).summary;
    rates.push_back(static_cast<double>(jobCount) / wall);
    cpuRates.push_back(static_cast<double>(jobCount) / cpu);
    std::printf(
        "run %lld: %.3f s wall (%.0f jobs/s), %.3f s CPU (%.0f jobs/s), completed %llu, unschedulable %llu, "
        "wait avg %.1f s, makespan %.0f s, GPU allocation %.3f, peak RSS %.0f MiB\n",
        r + 1, wall, rates.back(), cpu, cpuRates.back(), static_cast<unsigned long long>(s.completed),
        static_cast<unsigned long long>(s.unschedulable), s.waitAvgS, s.makespanS, s.gpuAllocationRatio, peakRssMib());
    const QueueDepth depth = queueDepth(std::get<SimResult>(result).series);
    std::printf("       queue depth: peak %u waiting, mean %.0f, over 1,000 waiting %.0f %% of the time\n", depth.peak,
                depth.mean, depth.overThousandShare * 100.0);
  }
  std::ranges::sort(rates);
  std::ranges::sort(cpuRates);
  const double goal = backlog ? 300'000.0 : 1'000'000.0;
  const double median = cpuRates[cpuRates.size() / 2];
  std::printf("median: %.0f jobs/s (wall), %.0f jobs/s (CPU time) over %lld runs; peak RSS %.0f MiB\n",
              rates[rates.size() / 2], median, runs, peakRssMib());
  std::printf("goal: >= %.0f jobs/s (%s workload, 10,000 nodes); CPU-time median / goal = %.2fx\n", goal,
              workload.c_str(), median / goal);
  return 0;
}

}  // namespace hetsched::cli
