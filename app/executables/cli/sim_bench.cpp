#include "bench_suite.h"
#include "cli_args.h"
#include "policy/builtin_policies.h"
#include "policy/policy_loader.h"
#include "sim/simulator.h"
#include "sim/synthetic_workload.h"
#include "sim_args.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>

namespace hetsched::cli {

namespace {

// CPU time of this process: on a shared machine it tracks the work done
// better than wall time, which includes time spent waiting for a core.
double cpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

double peakRssMib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux reports KiB
}

long long option(const Args& args, std::string_view name, long long fallback, long long max) {
  const auto text = args.value(name);
  if (!text) return fallback;
  const auto v = parseInteger(name, *text, 1, max);
  return std::holds_alternative<long long>(v) ? std::get<long long>(v) : -1;
}

}  // namespace

// hetsched bench sim: SJF + best fit over a synthetic heterogeneous cluster.
int benchSim(const Args& args) {
  const long long jobCount = option(args, "jobs", 1'000'000, 100'000'000);
  const long long nodes = option(args, "nodes", 10'000, 10'000'000);
  const long long runs = option(args, "runs", 3, 100);
  const long long seed = option(args, "seed", 1, std::numeric_limits<long long>::max());
  if (jobCount < 0 || nodes < 0 || runs < 0 || seed < 0) {
    std::fprintf(stderr, "usage: hetsched bench sim [--jobs N] [--nodes N] [--runs N] [--seed S] [--load X]\n");
    return 2;
  }
  double load = 0.95;
  if (const auto l = args.value("load")) {
    const auto v = parseNumber("load", *l, 0.01, 10.0);
    if (!std::holds_alternative<double>(v)) return std::fprintf(stderr, "hetsched bench sim: bad --load\n"), 2;
    load = std::get<double>(v);
  }
  const auto t0 = std::chrono::steady_clock::now();
  const Topology topology = syntheticTopology(static_cast<std::uint32_t>(nodes));
  const auto jobs = syntheticJobs(topology, static_cast<std::uint64_t>(jobCount), static_cast<std::uint64_t>(seed), load);
  const double genS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("sim bench: %lld jobs, %lld nodes (%zu devices), SJF + best fit, load %.2f; workload built in %.2f s\n",
              jobCount, nodes, topology.devices.size(), load, genS);

  v1::Policy policy;
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == "sjf") policy = p;
  const CompiledPolicy compiled = std::get<CompiledPolicy>(compilePolicy(policy));
  const Simulator simulator(topology, compiled);
  std::vector<double> rates;
  std::vector<double> cpuRates;
  for (long long r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = cpuSeconds();
    const auto result = simulator.run(jobs);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpuSeconds() - cpuStart;
    const SimSummary& s = std::get<SimResult>(result).summary;
    rates.push_back(static_cast<double>(jobCount) / wall);
    cpuRates.push_back(static_cast<double>(jobCount) / cpu);
    std::printf("run %lld: %.3f s wall (%.0f jobs/s), %.3f s CPU (%.0f jobs/s), completed %llu, unschedulable %llu, "
                "wait avg %.1f s, makespan %.0f s, GPU allocation %.3f, peak RSS %.0f MiB\n",
                r + 1, wall, rates.back(), cpu, cpuRates.back(), static_cast<unsigned long long>(s.completed),
                static_cast<unsigned long long>(s.unschedulable), s.waitAvgS, s.makespanS, s.gpuAllocationRatio,
                peakRssMib());
  }
  std::ranges::sort(rates);
  std::ranges::sort(cpuRates);
  std::printf("median: %.0f jobs/s (wall), %.0f jobs/s (CPU time) over %lld runs; peak RSS %.0f MiB\n",
              rates[rates.size() / 2], cpuRates[cpuRates.size() / 2], runs, peakRssMib());
  return 0;
}

}  // namespace hetsched::cli
