#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "bench_process.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "engine/predict/queue_forecast.h"
#include "sim_args.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "sources/cluster/workload_generator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <ratio>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

// hetsched bench predict: live predictions at scale (the forecast's copy
// under the gateway's lock and its run forward, medians), and how well a
// forecast foresees what then happens on the simulated cluster.
namespace hetsched::cli {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// This thread's CPU time: on a shared, loaded machine the work done, where
// wall time also counts the waits for a core.
long long option(const Args& args, std::string_view name, long long fallback, long long min, long long max) {
  const auto text = args.value(name);
  if (!text) return fallback;
  const auto v = parseInteger(name, *text, min, max);
  return std::holds_alternative<long long>(v) ? std::get<long long>(v) : -1;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return NAN;
  std::ranges::sort(v);
  const auto i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size()))) - 1;
  return v[std::min(i, v.size() - 1)];
}

// Trace-shaped jobs to queue up: the simulated cluster's own generator.
std::vector<JobSpec> backlog(const Topology& topology, std::size_t count, std::uint64_t seed) {
  SimOptions options;
  options.seed = seed;
  WorkloadGenerator generator(topology, options);
  std::vector<Arrival> arrivals;
  for (std::int64_t t = 0; arrivals.size() < count; t += 60'000) generator.generate(t, t + 60'000, arrivals);
  std::vector<JobSpec> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) out.push_back(arrivals[i].spec);
  return out;
}

int speed(long long devices, long long waiting, long long runs, long long seed) {
  SimOptions options;
  options.shape = benchClusterShape(static_cast<std::size_t>(devices));
  options.seed = static_cast<std::uint64_t>(seed);
  options.warmupS = 1800;
  SimulatedCluster cluster(options);
  // Trace-shaped jobs until `waiting` of them wait (most start at first).
  const auto specs = backlog(cluster.topology(), static_cast<std::size_t>(waiting) * 8, options.seed + 1);
  for (std::size_t i = 0; i < specs.size() && cluster.core().queued() < static_cast<std::uint32_t>(waiting); ++i) {
    (void)cluster.submit(specs[i]);
    if (i % 500 == 499) cluster.step();
  }
  cluster.step();
  std::vector<double> copyMs, runMs, totalMs, cpuMs, stepMs;
  std::size_t predicted = 0, started = 0;
  for (long long r = 0; r < runs; ++r) {
    const double cpu0 = threadCpuMs();
    const auto t0 = Clock::now();
    auto forecast = cluster.forecast();
    copyMs.push_back(msSince(t0));
    const auto t1 = Clock::now();
    const QueuePredictions p = forecast->run();
    runMs.push_back(msSince(t1));
    totalMs.push_back(msSince(t0));
    cpuMs.push_back(threadCpuMs() - cpu0);
    predicted = p.jobs.size();
    started =
        static_cast<std::size_t>(std::ranges::count_if(p.jobs, [](const JobPrediction& j) { return j.startMs >= 0; }));
    // The frame path beside it: one agent round of the same cluster.
    const auto t2 = Clock::now();
    cluster.step();
    stepMs.push_back(msSince(t2));
  }
  std::printf("predict bench: %zu devices, %zu nodes, %u running, %zu waiting (%zu with a predicted start)\n",
              cluster.topology().devices.size(), cluster.topology().nodes.size(), cluster.core().running(), predicted,
              started);
  std::printf("  copy under the lock  %8.1f ms (median of %lld)\n", median(copyMs), runs);
  std::printf("  run forward          %8.1f ms\n", median(runMs));
  std::printf("  refresh in all       %8.1f ms wall, %.1f ms CPU   goal <= 100 ms\n", median(totalMs), median(cpuMs));
  std::printf("  one agent step       %8.1f ms   (the frame path, for scale)\n", median(stepMs));
  return 0;
}

// Cuts every `everyS` over `hours` of the default simulated cluster: each
// forecast (no arrivals, and arrivals at the last hour's rate) against the
// first start each waiting job then really had.
int accuracy(double hours, double everyS, double load, long long seed) {
  SimOptions options;
  options.seed = static_cast<std::uint64_t>(seed);
  options.targetLoad = load;
  options.warmupS = 3600;
  SimulatedCluster cluster(options);
  struct Guess {
    std::int64_t plainMs, arrivalsMs;
  };
  std::vector<std::unordered_map<JobId, Guess>> cuts;
  const auto steps = static_cast<long long>(everyS * 1000.0 / options.agentPeriodMs);
  const auto total = static_cast<long long>(hours * 3600.0 * 1000.0 / options.agentPeriodMs);
  std::unordered_map<JobId, std::int64_t> firstStart;
  const auto record = [&] {
    const JobState states[] = {JobState::Running, JobState::Completed};
    for (const Job& j : cluster.jobs(states, 1'000'000, nullptr)) firstStart.try_emplace(j.id, j.firstStartMs());
  };
  for (long long s = 0; s < total; ++s) {
    if (s % steps == 0) {
      const QueuePredictions plain = cluster.forecast()->run();
      // With arrivals the queue may never drain: look six hours ahead.
      ForecastOptions recent = cluster.recentArrivals(3600);
      recent.horizonS = 6 * 3600.0;
      const QueuePredictions withArrivals = cluster.forecast()->run(recent);
      std::unordered_map<JobId, Guess>& cut = cuts.emplace_back();
      for (const JobPrediction& j : plain.jobs) cut[j.job].plainMs = j.startMs;
      for (const JobPrediction& j : withArrivals.jobs) cut[j.job].arrivalsMs = j.startMs;
    }
    cluster.step();
    record();
  }
  // Enough time for the last cut's jobs to start.
  for (long long s = 0; s < 4 * 3600 * 1000 / options.agentPeriodMs; ++s) {
    cluster.step();
    record();
  }
  std::vector<double> plainErr, arrivalsErr;
  std::size_t jobs = 0, unpredicted = 0, withinPeriod = 0;
  for (const auto& cut : cuts) {
    for (const auto& [id, g] : cut) {
      const auto it = firstStart.find(id);
      if (it == firstStart.end() || it->second < 0) continue;
      ++jobs;
      if (g.plainMs < 0) {
        ++unpredicted;
        continue;
      }
      const double e = std::abs(static_cast<double>(it->second - g.plainMs)) / 1000.0;
      plainErr.push_back(e);
      if (e <= options.agentPeriodMs / 1000.0) ++withinPeriod;
      if (g.arrivalsMs >= 0) arrivalsErr.push_back(std::abs(static_cast<double>(it->second - g.arrivalsMs)) / 1000.0);
    }
  }
  std::printf(
      "prediction against what happened: default simulated cluster (%zu devices), load %.2f, seed %lld,\n"
      "  a cut every %.0f s over %.1f h: %zu cuts, %zu waiting jobs that later started (%zu without a prediction)\n",
      cluster.topology().devices.size(), load, seed, everyS, hours, cuts.size(), jobs, unpredicted);
  std::printf(
      "  no new arrivals        start error P50 %8.1f s  P95 %8.1f s  within one agent period %.1f %%\n",
      percentile(plainErr, 0.5), percentile(plainErr, 0.95),
      plainErr.empty() ? 0.0 : 100.0 * static_cast<double>(withinPeriod) / static_cast<double>(plainErr.size()));
  std::printf("  arrivals at last hour  start error P50 %8.1f s  P95 %8.1f s\n", percentile(arrivalsErr, 0.5),
              percentile(arrivalsErr, 0.95));
  return 0;
}

}  // namespace

int benchPredict(const Args& args) {
  const long long devices = option(args, "devices", 10'000, 10, 1'000'000);
  const long long waiting = option(args, "waiting", 5'000, 1, 1'000'000);
  const long long runs = option(args, "runs", 3, 1, 100);
  const long long seed = option(args, "seed", 1, 1, 1'000'000'000);
  const long long hours = option(args, "hours", 4, 0, 1000);
  if (devices < 0 || waiting < 0 || runs < 0 || seed < 0 || hours < 0) {
    std::fprintf(stderr,
                 "usage: hetsched bench predict [--devices N] [--waiting N] [--runs N] [--seed S] [--hours H]\n"
                 "                              [--load X] [--accuracy-only]\n");
    return 2;
  }
  double load = 1.0;
  if (const auto text = args.value("load")) {
    const auto v = parseNumber("load", *text, 0.1, 2.0);
    if (!std::holds_alternative<double>(v)) return std::fprintf(stderr, "hetsched bench predict: bad --load\n"), 2;
    load = std::get<double>(v);
  }
  if (!args.flag("accuracy-only"))
    if (const int rc = speed(devices, waiting, runs, seed); rc != 0) return rc;
  if (hours == 0) return 0;
  return accuracy(static_cast<double>(hours), 600.0, load, seed);
}

}  // namespace hetsched::cli
