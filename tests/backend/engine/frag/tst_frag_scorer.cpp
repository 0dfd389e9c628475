// The ATC'23 GPU-sharing family as simulator placement scorers: GpuNode's
// release undoes allocate, allocations follow completions back to an empty
// cluster, only nodes a pod fits on (models, host, GPUs) are offered to the
// core, the policy's GPU choice reaches the simulator, and on a
// GPU-sharing workload FGD keeps jobs waiting less than Best-fit and Random.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/core/capacity_state.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/scorer_registry.h"
#include "engine/frag/frag_scorer.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/gpu_node.h"
#include "engine/frag/pod_request.h"
#include "engine/frag/policy_factory.h"
#include "engine/frag/policy_kind.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "engine/sim/split_mix.h"

#include <QTest>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

Topology gpuCluster(std::uint32_t nodes, std::uint32_t gpus = 8) {
  Topology t;
  const std::optional<DeviceModel> a100 = findBuiltinModel("A100");
  if (!a100) qFatal("no built-in device model A100");
  t.models = {*a100};
  for (std::uint32_t n = 0; n < nodes; ++n) {
    t.nodes.push_back({"g" + std::to_string(100 + n), DeviceKind::Gpu, n * gpus, gpus, 128000, 1u << 22});
    for (std::uint32_t g = 0; g < gpus; ++g) t.devices.push_back({n, g, 0});
  }
  return t;
}

SimJob gpuJob(double arrival, double runtime, std::uint32_t gpuCount, std::uint32_t gpuMilli, std::uint32_t cpu) {
  SimJob j;
  j.arrivalS = arrival;
  j.runtimeS = runtime;
  j.spec.kind = JobKind::Training;
  j.spec.requests = {cpu, 8192, gpuCount, gpuMilli, 0};
  return j;
}

// Shares of one GPU and whole-GPU jobs in the proportions of the Alibaba
// default trace's popular shapes, arriving faster than they finish.
// About 0.95 GPU per job for 2400 s on average: with 96 GPUs, one job per
// 22 s offers about 1.07 of the cluster, where fragmentation decides who waits.
constexpr double kMeanGapS = 22.0;
std::vector<SimJob> gpuSharingWorkload(std::uint64_t seed, std::size_t count) {
  SplitMix rng(seed);
  std::vector<SimJob> jobs;
  double t = 0.0;
  for (std::size_t i = 0; i < count; ++i) {
    t += rng.exponential(kMeanGapS);
    const double runtime = 600.0 + rng.exponential(1800.0);
    const std::uint32_t draw = rng.below(100);
    if (draw < 55) jobs.push_back(gpuJob(t, runtime, 0, std::array{250u, 500u, 300u, 700u}[rng.below(4)], 4000));
    else if (draw < 85) jobs.push_back(gpuJob(t, runtime, 1, 0, 8000));
    else if (draw < 95) jobs.push_back(gpuJob(t, runtime, 2, 0, 16000));
    else jobs.push_back(gpuJob(t, runtime, 4, 0, 32000));
  }
  return jobs;
}

ScorerRegistry registryFor(const std::vector<SimJob>& jobs) {
  std::vector<JobRequests> requests;
  requests.reserve(jobs.size());
  for (const SimJob& j : jobs) requests.push_back(j.spec.requests);
  ScorerRegistry registry;
  registerFragScorers(registry, std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests)));
  return registry;
}

CompiledPolicy external(const char* scorer) {
  CompiledPolicy p;
  p.name = scorer;
  p.placement = PlacementKind::External;
  p.externalScorer = scorer;
  return p;
}

SimResult run(const Topology& t, const CompiledPolicy& p, const std::vector<SimJob>& jobs,
              const ScorerRegistry& registry, std::uint64_t seed = 1) {
  SimulationOptions o;
  o.scorers = &registry;
  o.seed = seed;
  auto r = Simulator(t, p, o).run(jobs);
  if (!std::holds_alternative<SimResult>(r)) qFatal("simulation failed");
  return std::get<SimResult>(std::move(r));
}

// Forwards to a FragScorer and, when the run is over, keeps its nodes.
class Probe final : public CopyableScorer<Probe> {
 public:
  Probe(std::shared_ptr<FragScorer> inner, std::vector<frag::GpuNode>* last)
      : m_inner(std::move(inner)), m_last(last) {}
  ~Probe() override { *m_last = m_inner->nodes(); }
  std::optional<std::uint32_t> choose(const ScoringContext& c, const PlacementRequest& r, FitOracle& f) override {
    return m_inner->choose(c, r, f);
  }
  void onAllocated(const Placement& p) override { m_inner->onAllocated(p); }
  void onReleased(const Placement& p) override { m_inner->onReleased(p); }

 private:
  std::shared_ptr<FragScorer> m_inner;
  std::vector<frag::GpuNode>* m_last;
};

// The core's oracle as it answers on an empty cluster: every node fits.
class AcceptAll final : public FitOracle {
 public:
  bool fits(std::uint32_t) override { return true; }
};

bool sameState(const frag::GpuNode& a, const frag::GpuNode& b) {
  return a.cpuFree() == b.cpuFree() && a.memoryFree() == b.memoryFree() && a.gpuFreeTotal() == b.gpuFreeTotal() &&
         std::ranges::equal(a.gpuFree(), b.gpuFree()) && a.affinityKinds() == b.affinityKinds();
}

}  // namespace

class TestFragScorer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void releaseUndoesAllocate() {
    const frag::GpuNode initial("n", "A100", 64000, 1 << 20, 4);
    frag::GpuNode n = initial;
    const frag::PodRequest share{"s", 2000, 100, 1, 300, {}};
    const frag::PodRequest whole{"w", 8000, 200, 2, 1000, {}};
    const std::vector<std::uint32_t> g0{0}, g23{2, 3};
    n.allocate(share, g0);
    n.allocate(whole, g23);
    n.allocate(share, g0);
    QCOMPARE(n.affinityKinds(), std::size_t{2});
    n.release(share, g0);
    n.release(whole, g23);
    QCOMPARE(n.affinityKinds(), std::size_t{1});
    QCOMPARE(n.affinityCount(0), 1u);
    n.release(share, g0);
    QVERIFY(sameState(n, initial));
    QVERIFY(n.version() != initial.version());  // caches must still see the change
  }

  void registersTheFamily() {
    const ScorerRegistry registry = registryFor({});
    QCOMPARE(registry.names(),
             (std::vector<std::string>{"bestfit", "clustering", "dotprod", "fgd", "packing", "random"}));
  }

  // Every job completes, so every allocation the scorer mirrored was
  // released again: each node is back where it started.
  void completionsReturnNodesToTheirInitialState_data() {
    QTest::addColumn<QString>("scorer");
    for (const char* s : {"fgd", "bestfit", "random", "clustering", "packing", "dotprod"}) QTest::newRow(s) << s;
  }
  void completionsReturnNodesToTheirInitialState() {
    QFETCH(QString, scorer);
    const Topology t = gpuCluster(4);
    const auto jobs = gpuSharingWorkload(7, 300);
    const auto workload = std::make_shared<const frag::TargetWorkload>(frag::TargetWorkload());
    const std::optional<frag::PolicyKind> parsed = frag::parsePolicyKind(scorer.toStdString());
    VERIFY_HAS_VALUE(parsed);
    const frag::PolicyKind kind = *parsed;
    std::vector<frag::GpuNode> last;
    std::vector<frag::GpuNode> initial;
    ScorerRegistry registry;
    registry.add(scorer.toStdString(), [&](const ScorerInput& in) -> ScorerBuild {
      auto inner = std::make_shared<FragScorer>(in.topology, kind, workload, in.seed);
      initial = inner->nodes();
      return std::make_unique<Probe>(std::move(inner), &last);
    });
    const SimResult r = run(t, external(qPrintable(scorer)), jobs, registry);
    QCOMPARE(r.summary.completed, std::uint64_t{jobs.size()});
    QCOMPARE(last.size(), initial.size());
    for (std::size_t n = 0; n < last.size(); ++n) QVERIFY2(sameState(last[n], initial[n]), last[n].name().c_str());
  }

  // The scorer's own view of which nodes a pod fits on (its allowed models,
  // its host CPU and memory, a share of one GPU or whole GPUs) follows the
  // placements it hears of: only nodes it fits on are put to the core.
  void offersOnlyNodesThePodFitsOn() {
    Topology t = gpuCluster(3, 4);
    DeviceModel other = t.models[0];
    other.name = "V100";
    t.models.push_back(other);
    for (std::uint32_t g = 4; g < 12; ++g) t.devices[g].model = 1;  // g101, g102: V100
    const std::vector<JobRequests> shapes{{4000, 8192, 0, 500, 0}, {8000, 8192, 2, 0, 0}};
    FragScorer fgd(t, frag::PolicyKind::Fgd, std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(shapes)), 1);
    const CapacityState state(t);
    const std::vector<std::uint32_t> free(3, 4000);
    const FreeCapacityIndex index(t, free, free);
    const ScoringContext context{t, state, index};
    const auto chosen = [&](const JobRequests& r, std::vector<std::uint32_t> models) {
      JobSpec spec;
      spec.requests = r;
      AcceptAll oracle;
      const std::optional<std::uint32_t> node =
          fgd.choose(context, {spec, DeviceKind::Gpu, primaryNeed(r, DeviceKind::Gpu), {}, models}, oracle);
      return node ? static_cast<int>(*node) : -1;
    };
    const JobRequests share{4000, 8192, 0, 500, 0}, two{8000, 8192, 2, 0, 0};
    QVERIFY(chosen(two, {1}) == 1 || chosen(two, {1}) == 2);
    QCOMPARE(chosen(two, {0}), 0);
    // g101 keeps 400 milli of one GPU, no whole GPU; g102 runs out of memory.
    Placement onG101{1, 2000, 1024, {4, 5, 6}, {1000, 1000, 1000}};
    fgd.onAllocated(onG101);
    fgd.onAllocated({1, 1000, 1024, {7}, {600}});
    fgd.onAllocated({2, 1000, (1u << 22) - 4096, {8}, {1000}});
    QCOMPARE(chosen(two, {1}), -1);
    QCOMPARE(chosen(share, {1}), -1);
    QCOMPARE(chosen({4000, 8192, 0, 400, 0}, {1}), 1);
    QCOMPARE(chosen({4000, 8192, 1, 0, 0}, {1}), -1);
    QCOMPARE(chosen(two, {}), 0);
    // Host CPU: g100 has 128 cores.
    QCOMPARE(chosen({200000, 8192, 0, 300, 0}, {}), -1);
    fgd.onReleased(onG101);
    QCOMPARE(chosen(two, {1}), 1);
  }

  // Random-fit draws the GPU of a share; the simulator's own placer would
  // stack shares on the fullest GPU that holds them (GPU 0 here). Three
  // 300-milli shares on one empty node end up on more than one GPU.
  void theScorersGpuChoiceIsTheAllocation() {
    const Topology t = gpuCluster(1);
    const std::vector<SimJob> jobs{gpuJob(0, 100, 0, 300, 1000), gpuJob(1, 100, 0, 300, 1000),
                                   gpuJob(2, 100, 0, 300, 1000)};
    const ScorerRegistry registry = registryFor(jobs);
    std::set<std::uint32_t> devices;
    for (const JobTimeline& j : run(t, external("random"), jobs, registry, 3).jobs) devices.insert(j.devices.at(0));
    QVERIFY(devices.size() > 1);
    std::set<std::uint32_t> placer;
    for (const JobTimeline& j : run(t, external("bestfit"), jobs, registry).jobs) placer.insert(j.devices.at(0));
    QCOMPARE(placer, (std::set<std::uint32_t>{0}));
  }

  // FGD keeps whole GPUs whole for the whole-GPU jobs the target workload
  // says are coming, so jobs wait less behind fragmented capacity. What is
  // robust (checked at offered loads 0.8-1.7): FGD beats Random on every
  // seed. Against Best-fit it wins on the sum over seeds from load 0.9 up,
  // not on every seed, and at 0.8, where little waits at all, it loses by a
  // few percent; so that is asserted on the sum, at a load above 1.
  void fgdKeepsFewerJobsWaiting() {
    const Topology t = gpuCluster(12);
    double fgdTotal = 0.0, bestTotal = 0.0;
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
      const auto jobs = gpuSharingWorkload(seed, 3000);
      const ScorerRegistry registry = registryFor(jobs);
      const auto waited = [](const SimResult& r) {
        return std::ranges::count_if(r.jobs, [](const JobTimeline& j) { return j.startS > j.arrivalS; });
      };
      const SimResult fgd = run(t, external("fgd"), jobs, registry, seed);
      const SimResult best = run(t, external("bestfit"), jobs, registry, seed);
      const SimResult random = run(t, external("random"), jobs, registry, seed);
      qInfo(
          "seed %llu: jobs that waited FGD %lld, Best-fit %lld, Random %lld; wait avg %.0f / %.0f / %.0f s; "
          "GPU allocation %.3f / %.3f / %.3f",
          static_cast<unsigned long long>(seed), static_cast<long long>(waited(fgd)),
          static_cast<long long>(waited(best)), static_cast<long long>(waited(random)), fgd.summary.waitAvgS,
          best.summary.waitAvgS, random.summary.waitAvgS, fgd.summary.gpuAllocationRatio,
          best.summary.gpuAllocationRatio, random.summary.gpuAllocationRatio);
      QCOMPARE(fgd.summary.completed, std::uint64_t{jobs.size()});
      QVERIFY(fgd.summary.waitAvgS < random.summary.waitAvgS);
      QVERIFY(waited(fgd) <= waited(random));
      fgdTotal += fgd.summary.waitAvgS;
      bestTotal += best.summary.waitAvgS;
    }
    QVERIFY(fgdTotal < bestTotal);
  }
};

QTEST_GUILESS_MAIN(TestFragScorer)
#include "tst_frag_scorer.moc"
