#include "hybrid_test_workloads.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/hybrid/policy_search.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulator.h"
#include "engine/sim/split_mix.h"

#include <QtGlobal>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::test {

Topology gpuCluster(std::uint32_t nodes) {
  Topology t;
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access): A100 is in the built-in table
  t.models = {*findBuiltinModel("A100")};
  for (std::uint32_t n = 0; n < nodes; ++n) {
    t.nodes.push_back({"g" + std::to_string(n), DeviceKind::Gpu, n * 8, 8, 64'000, 512ULL * 1024});
    for (std::uint32_t s = 0; s < 8; ++s) t.devices.push_back({n, s, 0});
  }
  return t;
}

std::vector<SimJob> fragmentingJobs(std::size_t count, std::uint64_t seed, double startS) {
  SplitMix rng(seed);
  std::vector<SimJob> jobs;
  double t = startS;
  for (std::size_t i = 0; i < count; ++i) {
    SimJob j;
    const bool whole = rng.uniform() < 0.12;
    j.spec.name = "j" + std::to_string(i);
    j.spec.kind = JobKind::Training;
    j.spec.requests.cpuMilli = 1000;
    j.spec.requests.memoryMib = 1024;
    j.spec.requests.gpuCount = whole ? 8 : 1;
    j.runtimeS = rng.exponential(whole ? 400.0 : 300.0) + 10.0;
    t += rng.exponential(18.0);
    j.arrivalS = t;
    jobs.push_back(std::move(j));
  }
  return jobs;
}

CompiledPolicy seedScore() {
  CompiledPolicy p;
  p.name = "seed-score";
  p.placement = PlacementKind::SeedScore;
  return p;
}

HybridTrainingOptions quick(std::uint64_t seed) {
  HybridTrainingOptions o;
  o.seed = seed;
  o.generations = 4;
  o.population = 8;
  o.elite = 3;
  o.episodeJobs = 300;
  o.validationJobs = 300;
  o.arrivalScales = {1.0};
  // The deep-queue episodes would double every training here; the tests'
  // workloads queue enough at 1.0 for what they check.
  o.backlogScales = {};
  return o;
}

std::vector<TrainingWorkload> workloads(std::initializer_list<std::uint64_t> seeds, std::size_t jobs) {
  std::vector<TrainingWorkload> out;
  for (const std::uint64_t s : seeds) out.push_back({"w" + std::to_string(s), fragmentingJobs(jobs, s)});
  return out;
}

SimSummary simulate(const Topology& t, const CompiledPolicy& p, const std::vector<SimJob>& jobs) {
  auto r = Simulator(t, p, {}).run(jobs);
  if (!std::holds_alternative<SimResult>(r)) qFatal("simulation failed");
  return std::get<SimResult>(r).summary;
}

}  // namespace hetsched::test
