// bench sweep: a 100-point sweep, 30 replicas of a what-if, a sweep over a
// list of 10 built-in policies and the 100-point sweep with 30 replicas per
// point, over a 10,000-job snapshot of the simulated cluster, beside one
// what-if run of the same snapshot (the baseline the ratios are taken to).
#include "bench_suite.h"
#include "cli_args.h"
#include "data/store/snapshot_data.h"
#include "engine/policy/builtin_policies.h"
#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "sim_args.h"
#include "sim_snapshot.h"
#include "sources/cluster/sim_options.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_sweep.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double loadAverage() {
  std::ifstream in("/proc/loadavg");
  double load = -1.0;
  in >> load;
  return load;
}

bool integer(const Args& args, const char* name, long long lo, long long hi, long long* out) {
  const auto v = args.value(name);
  if (!v) return true;
  const auto parsed = parseInteger(name, *v, lo, hi);
  if (auto* e = std::get_if<std::string>(&parsed))
    return std::fprintf(stderr, "hetsched bench sweep: %s\n", e->c_str()), false;
  *out = std::get<long long>(parsed);
  return true;
}

// Built-ins that run on any cluster without a scorer or a quota of their
// own to set up: the policy list a sweep over policies is timed on.
constexpr std::array<const char*, 10> kListed{
    "fcfs",     "sjf",       "srtf",      "priority-aging", "seed-score",
    "best-fit", "first-fit", "worst-fit", "round-robin",    "least-connections"};

v1::Policy builtin(const std::string& name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return p;
  return {};
}

}  // namespace

int benchSweep(const Args& args) {
  long long devices = 2000, jobs = 10'000, points = 100, replicas = 30, runs = 3, listed = 10, pointReplicas = 30;
  if (!integer(args, "devices", 10, 1'000'000, &devices) || !integer(args, "jobs", 1, 10'000'000, &jobs) ||
      !integer(args, "points", 1, 10'000, &points) || !integer(args, "replicas", 2, 10'000, &replicas) ||
      !integer(args, "runs", 1, 100, &runs) ||
      !integer(args, "list", 1, static_cast<long long>(kListed.size()), &listed) ||
      !integer(args, "point-replicas", 0, 10'000, &pointReplicas))
    return 2;
  SimOptions options;
  options.shape = benchClusterShape(static_cast<std::size_t>(devices));
  options.warmupS = 1800;
  std::printf("recording a simulated cluster of ~%lld devices with at least %lld jobs...\n", devices, jobs);
  std::fflush(stdout);
  const SnapshotData data = recordSimSnapshot(options, 20, static_cast<std::size_t>(jobs), "bench");
  // Every recorded job from its submit time: the arrivals replicas resample.
  const WhatifWorkload workload = snapshotWhatifWorkload(data.topology, data.jobs);
  const v1::Policy policy = builtin("seed-score");
  const std::vector<v1::Policy> comparison{builtin("fcfs"), policy};
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  std::printf("%s; %zu devices, %u cores\n\n", workload.description.c_str(), data.topology.devices.size(), cores);

  std::vector<v1::Policy> list;
  list.reserve(listed);
  for (long long i = 0; i < listed; ++i) list.push_back(builtin(kListed[static_cast<std::size_t>(i)]));
  std::vector<double> single, sweep, replica, listSweep, replicaSweep;
  std::size_t front = 0, listFront = 0;
  for (long long r = 0; r < runs; ++r) {
    auto t0 = Clock::now();
    const auto one = runWhatifPolicy(workload, policy, {});
    single.push_back(since(t0));
    if (!std::holds_alternative<SimResult>(one))
      return std::fprintf(stderr, "hetsched bench sweep: the run failed\n"), 1;

    // priority_factor from 0 up to 4 in even steps.
    std::vector<SweepAxis> axes{{"placement.priority_factor", {}}};
    for (long long i = 0; i < points; ++i)
      axes[0].values.push_back(4.0 * static_cast<double>(i) / static_cast<double>(points));
    t0 = Clock::now();
    const auto swept = runWhatifSweep(workload, policy, axes, {});
    sweep.push_back(since(t0));
    if (!std::holds_alternative<std::vector<SweepPoint>>(swept))
      return std::fprintf(stderr, "hetsched bench sweep: the sweep failed\n"), 1;
    const auto& pts = std::get<std::vector<SweepPoint>>(swept);
    front = 0;
    for (const bool f : paretoFront(pts, "wait_avg_s", "gpu_allocation_ratio")) front += f ? 1 : 0;

    ReplicaOptions ro;
    ro.replicas = static_cast<std::size_t>(replicas);
    t0 = Clock::now();
    const auto rep = runWhatifReplicas(workload, comparison, ro);
    replica.push_back(since(t0));
    if (!std::holds_alternative<ReplicaResults>(rep))
      return std::fprintf(stderr, "hetsched bench sweep: the replicas failed\n"), 1;

    // A list of policies, one point each.
    t0 = Clock::now();
    const auto byPolicy = runWhatifSweep(workload, list, {}, {});
    listSweep.push_back(since(t0));
    if (auto* e = std::get_if<WhatifComparisonError>(&byPolicy))
      return std::fprintf(stderr, "hetsched bench sweep: the list failed: %s: %s\n", e->policy.c_str(),
                          e->error.message.c_str()),
             1;
    listFront = 0;
    for (const bool f : paretoFront(std::get<std::vector<SweepPoint>>(byPolicy), "wait_avg_s", "gpu_allocation_ratio"))
      listFront += f ? 1 : 0;

    // The grid again, every point with its intervals.
    if (pointReplicas >= 2) {
      SweepOptions so;
      so.replicas = static_cast<std::size_t>(pointReplicas);
      t0 = Clock::now();
      const auto withIntervals = runWhatifSweep(workload, policy, axes, so);
      replicaSweep.push_back(since(t0));
      if (!std::holds_alternative<std::vector<SweepPoint>>(withIntervals))
        return std::fprintf(stderr, "hetsched bench sweep: the sweep with replicas failed\n"), 1;
    }
  }
  const double one = median(single);
  std::printf("one what-if run (seed-score)         %8.3f s (median of %lld)\n", one, runs);
  std::printf(
      "sweep, %lld points of priority_factor  %8.3f s  %6.1fx one run, %.2f runs/s/core; goal 10 s (%zu on the "
      "front)\n",
      points, median(sweep), median(sweep) / one, static_cast<double>(points) / median(sweep) / cores, front);
  std::printf("%lld replicas of fcfs vs seed-score     %8.3f s  %6.1fx one run; goal 5 s\n", replicas, median(replica),
              median(replica) / one);
  std::printf("sweep over a list of %lld policies  %8.3f s  %6.1fx one run (%zu on the front)\n", listed,
              median(listSweep), median(listSweep) / one, listFront);
  if (!replicaSweep.empty())
    std::printf("sweep, %lld points x %lld replicas    %8.3f s  %6.1fx one run, %.2f runs/s/core\n", points,
                pointReplicas, median(replicaSweep), median(replicaSweep) / one,
                static_cast<double>(points * (pointReplicas + 1)) / median(replicaSweep) / cores);
  std::printf("load average %.2f\n", loadAverage());
  return 0;
}

}  // namespace hetsched::cli
