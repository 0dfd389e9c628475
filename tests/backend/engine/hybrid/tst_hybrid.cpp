// The seed's §2.5 hybrid scheduler: determinism, that the
// weights' decisions reach the core (job order, node, defer), and that a
// briefly trained policy beats its rule-only baseline on workloads it never
// saw where the rule is known to be poor (whole-GPU fragmentation).
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "data/trace/alibaba_trace_importer.h"
#include "hybrid_test_workloads.h"
#include "engine/core/scorer_registry.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "engine/hybrid/hybrid_features.h"
#include "engine/hybrid/hybrid_registration.h"
#include "engine/hybrid/policy_search.h"
#include "engine/hybrid/weights_file.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "engine/sim/trace_workload.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

namespace {

// Weights that use every decision: short and fitting jobs first with some
// aging, a mix of the proposers, and a defer that wins now and then.
HybridModel everyWeight() {
  HybridModel m;
  // The host features' weights 0: the schedule hashes below, recorded
  // before those features, hold (a version-2 policy decides as it did).
  m.weights = {-0.3, -1.0, -0.5, 0.8,  0.2,                           // job
               0.3,  -0.6, -0.4, 0.7,  1.2, 0.9, 1.5, 0.4, 0.0, 0.0,  // node
               0.6,  0.5,  -0.3, -0.8, 0.4};                         // defer
  return m;
}

// FNV-1a over every job's node and first start (the bits of the double):
// the schedule, whole.
std::uint64_t scheduleHash(const SimResult& r) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](std::uint64_t v) {
    for (int b = 0; b < 8; ++b) h = (h ^ ((v >> (8 * b)) & 0xff)) * 1099511628211ull;
  };
  for (const JobTimeline& j : r.jobs) {
    mix(j.node);
    mix(std::bit_cast<std::uint64_t>(j.startS));
  }
  return h;
}

// The published Alibaba excerpts (61 GPU nodes; the default and gpuspec10
// pod lists, GPU shares and GPU-model constraints) at 100x the trace's
// arrival rate, as `experiment hybrid` runs the lists, with its rule
// engine (seed-score; CPU-only pods on GPU nodes' host CPUs).
struct TraceCase {
  Topology topology;
  CompiledPolicy rule;
  std::vector<SimJob> jobs;
};
TraceCase alibabaExcerpt(double scale) {
  TraceCase c;
  const auto nodes =
      trace::AlibabaTraceImporter::loadNodes(HETSCHED_TEST_DATA "/alibaba/openb_node_list_gpu_node_excerpt.csv");
  c.topology = topologyFromTrace(nodes.rows);
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == "seed-score") c.rule = std::get<CompiledPolicy>(compilePolicy(p));
  c.rule.routing.set(JobKind::Batch, DeviceKind::Gpu);
  for (const char* list :
       {"/alibaba/openb_pod_list_default_excerpt.csv", "/alibaba/openb_pod_list_gpuspec10_excerpt.csv"}) {
    const auto pods = trace::AlibabaTraceImporter::loadPods(std::string(HETSCHED_TEST_DATA) + list);
    for (SimJob& j : jobsFromTrace(pods.rows, c.topology).jobs) c.jobs.push_back(std::move(j));
  }
  std::ranges::stable_sort(c.jobs, {}, &SimJob::arrivalS);
  for (SimJob& j : c.jobs) j.arrivalS *= scale;
  return c;
}

}  // namespace

class TestHybrid : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // All weights 0 is the rule engine's FCFS order on its §4.3 node, never
  // deferring (ties go to the queue's head and the first proposer), except
  // where a head does not fit: the hybrid passes a job it picked that did
  // not start until capacity is freed, the rule engine's blocked head holds
  // up the jobs behind it.
  void zeroWeightsAreTheRuleEngineButForABlockedHead() {
    const Topology t = gpuCluster();
    auto jobs = fragmentingJobs(600, 4);
    const auto r = std::get<SimResult>(Simulator(t, seedScore(), {}).run(jobs));
    const auto h = std::get<SimResult>(runHybrid(t, seedScore(), HybridModel{}, jobs));
    qInfo("wait avg: rule %.1f s, zero weights %.1f s", r.summary.waitAvgS, h.summary.waitAvgS);
    QVERIFY(h.summary.waitAvgS < r.summary.waitAvgS);  // measured 59.0 s against 109.0 s
    // Arrivals far apart: no head ever blocks, and every job goes where the
    // rule engine puts it, when it does.
    for (SimJob& j : jobs) j.arrivalS *= 100.0;
    const auto rs = std::get<SimResult>(Simulator(t, seedScore(), {}).run(jobs));
    const auto hs = std::get<SimResult>(runHybrid(t, seedScore(), HybridModel{}, jobs));
    QVERIFY(rs.summary.waitAvgS < 1e-6);  // none, but for rounding of the arrivals
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      QCOMPARE(hs.jobs[i].node, rs.jobs[i].node);
      QCOMPARE(hs.jobs[i].startS, rs.jobs[i].startS);
    }
  }

  // Each decision the weights make reaches the core: preferring short jobs
  // in the window is SJF-like (less wait than FCFS where jobs queue),
  // preferring the best-fit proposal places as best fit does, and a large
  // defer score holds jobs back while others run (more wait).
  void everyDecisionMatters() {
    const Topology t = gpuCluster(4);
    const auto jobs = fragmentingJobs(600, 8);
    const double rule = std::get<SimResult>(runHybrid(t, seedScore(), HybridModel{}, jobs)).summary.waitAvgS;
    HybridModel shortFirst;
    shortFirst.weights[1] = -1.0;  // job: expected runtime against the window's
    const double sjf = std::get<SimResult>(runHybrid(t, seedScore(), shortFirst, jobs)).summary.waitAvgS;
    HybridModel bestFit;
    bestFit.weights[kJobFeatures + 3 + kProposeBestFit] = 1.0;
    // Arrivals far apart (no head blocks, zeroWeightsAreTheRuleEngineButForABlockedHead):
    // the node of every job is best fit's.
    auto apart = jobs;
    for (SimJob& j : apart) j.arrivalS *= 100.0;
    const auto packed = std::get<SimResult>(runHybrid(t, seedScore(), bestFit, apart));
    CompiledPolicy bf = seedScore();
    bf.placement = PlacementKind::BestFit;
    const auto plain = std::get<SimResult>(Simulator(t, bf, {}).run(apart));
    HybridModel deferring;
    deferring.weights[kJobFeatures + kNodeFeatures] = 5.0;  // defer's bias
    const double deferred = std::get<SimResult>(runHybrid(t, seedScore(), deferring, jobs)).summary.waitAvgS;
    qInfo("wait avg: rule %.1f s, short first %.1f s, best-fit proposal %.1f s (best fit %.1f s), defer %.1f s", rule,
          sjf, packed.summary.waitAvgS, plain.summary.waitAvgS, deferred);
    QVERIFY(sjf < 0.9 * rule);
    QCOMPARE(packed.summary.waitAvgS, plain.summary.waitAvgS);
    for (std::size_t i = 0; i < apart.size(); ++i) QCOMPARE(packed.jobs[i].node, plain.jobs[i].node);
    QVERIFY(deferred > 1.1 * rule);
    QCOMPARE(std::get<SimResult>(runHybrid(t, seedScore(), deferring, jobs)).summary.completed, jobs.size());
  }

  // The weights travel in the policy (placement.hybrid_weights) and the
  // core builds everything from it, the choice of job included: a policy
  // carrying them runs exactly as the trainer's runHybrid does, wherever
  // the core runs (what-if, the gateway's cluster, the Kubernetes
  // scheduler all build scorers from the same registry).
  void carriedWeightsRunTheWholeHybrid() {
    const Topology t = gpuCluster(4);
    const auto jobs = fragmentingJobs(600, 8);
    HybridModel model;
    model.weights[1] = -1.0;  // short jobs first
    model.weights[kJobFeatures + 3 + kProposeFgd] = 1.0;
    CompiledPolicy carried = seedScore();
    carried.placement = PlacementKind::External;
    carried.externalScorer = "hybrid";
    carried.hybridWeights = weightsText(model);
    ScorerRegistry registry;
    std::vector<JobRequests> requests;
    requests.reserve(jobs.size());
    for (const SimJob& j : jobs) requests.push_back(j.spec.requests);
    registerFragScorers(registry, std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests)));
    registerHybridScorer(registry);
    SimulationOptions options;
    options.scorers = &registry;
    const auto live = std::get<SimResult>(Simulator(t, carried, options).run(jobs));
    const auto trained = std::get<SimResult>(runHybrid(t, seedScore(), model, jobs));
    const auto rule = std::get<SimResult>(Simulator(t, seedScore(), {}).run(jobs));
    QCOMPARE(live.summary.waitAvgS, trained.summary.waitAvgS);
    for (std::size_t i = 0; i < jobs.size(); ++i) QCOMPARE(live.jobs[i].startS, trained.jobs[i].startS);
    QVERIFY(live.summary.waitAvgS < 0.9 * rule.summary.waitAvgS);
  }

  // Same weights, same schedule: the hybrid's dispatch under a deep queue
  // was made faster (the window read in place instead of taken out and put
  // back, cached per-node values) without changing one decision. The hashes
  // were recorded with the code before that change (commit 074fd4d), and
  // recorded again where a change of decisions was meant (a failed pick
  // passed over until a release; the window offering only jobs that fit;
  // entries of jobs gone dropped later, where a step's read bound counts
  // them: synthetic mean wait 4,361 -> 4,365 s, with backfill 7,647 ->
  // 7,650 s; a node kept, EASY-style, for a job waiting past the hybrid's
  // limit: 4,365 -> 4,619 s, with backfill 7,650 -> 8,435 s, excerpt
  // 320.3 s); every start time and node must match bit for bit. (A libm
  // that rounds a logarithm differently could only change a decision
  // between two scores equal to the last bit; equal features give equal
  // scores on any libm.)
  void deepQueueScheduleUnchanged() {
    const TraceCase trace = alibabaExcerpt(0.01);
    const auto onTrace = std::get<SimResult>(
        runHybrid(trace.topology, hybridPolicy(trace.rule, QueueKind::Sjf), everyWeight(), trace.jobs));
    const auto zeroOnTrace = std::get<SimResult>(
        runHybrid(trace.topology, hybridPolicy(trace.rule, QueueKind::Sjf), HybridModel{}, trace.jobs));
    const Topology t = gpuCluster(4);
    auto jobs = fragmentingJobs(3000, 8);
    for (SimJob& j : jobs) j.arrivalS *= 0.3;  // thousands waiting
    const auto synthetic =
        std::get<SimResult>(runHybrid(t, hybridPolicy(seedScore(), QueueKind::Sjf), everyWeight(), jobs));
    // With backfill: jobs tried and failed stay passed over for the rest of
    // their dispatch. Every job offered fits (the core's mask), so what
    // fails is a deferral: a model that defers the larger jobs, so that the
    // dispatch goes on to a smaller one with backfill and ends without.
    HybridModel deferring = everyWeight();
    deferring.weights[kJobFeatures + kNodeFeatures + 1] = 8.0;  // on the job's size
    CompiledPolicy backfill = seedScore();
    backfill.backfillDepth = 3;
    const auto backfilled = std::get<SimResult>(runHybrid(t, hybridPolicy(backfill, QueueKind::Sjf), deferring, jobs));
    const auto deferredWithoutBackfill =
        std::get<SimResult>(runHybrid(t, hybridPolicy(seedScore(), QueueKind::Sjf), deferring, jobs));
    QVERIFY(scheduleHash(backfilled) != scheduleHash(deferredWithoutBackfill));
    qInfo(
        "schedule hashes: excerpt %016llx (%zu jobs, wait avg %.1f s), excerpt zero weights %016llx (wait avg %.1f s), "
        "synthetic %016llx (wait avg %.1f s), with backfill %016llx (wait avg %.1f s)",
        static_cast<unsigned long long>(scheduleHash(onTrace)), trace.jobs.size(), onTrace.summary.waitAvgS,
        static_cast<unsigned long long>(scheduleHash(zeroOnTrace)), zeroOnTrace.summary.waitAvgS,
        static_cast<unsigned long long>(scheduleHash(synthetic)), synthetic.summary.waitAvgS,
        static_cast<unsigned long long>(scheduleHash(backfilled)), backfilled.summary.waitAvgS);
    QCOMPARE(scheduleHash(onTrace), std::uint64_t{0xed0fe04a81f000dfull});
    QCOMPARE(scheduleHash(zeroOnTrace), std::uint64_t{0xdefb4b16b1369ce5ull});
    QCOMPARE(scheduleHash(synthetic), std::uint64_t{0xf101d689355660bfull});
    QCOMPARE(scheduleHash(backfilled), std::uint64_t{0x1b9e71d61f9238c5ull});
  }

  void sameSeedSameWeights() {
    const Topology t = gpuCluster(4);
    const auto train = workloads({3}, 300);
    const auto check = workloads({4}, 300);
    HybridTrainingOptions o = quick(11);
    o.generations = 2;
    const auto a = weightsHash(trainHybrid(t, seedScore(), train, check, o).model);
    o.workers = 1;  // the same whatever the threads
    QCOMPARE(weightsHash(trainHybrid(t, seedScore(), train, check, o).model), a);
    o.seed = 12;
    QVERIFY(weightsHash(trainHybrid(t, seedScore(), train, check, o).model) != a);
  }

  // Every training seed learns from the same episodes and differs only by
  // the search's own draws; each restart has slices of its own, fresh every
  // generation, each inside its workload.
  void seedsTrainOnTheSameEpisodes() {
    const auto train = workloads({3, 4}, 300);
    HybridTrainingOptions o = quick(1);
    o.episodeJobs = 100;
    o.backlogScales = {0.1};
    QCOMPARE(trainingScales(o), (std::vector<double>{1.0, 0.1}));  // arrival scales, then backlog
    const auto slices = trainingSlices(train, o, 0);
    QCOMPARE(slices.size(), std::size_t{o.generations});
    for (const auto& generation : slices) {
      QCOMPARE(generation.size(), train.size() * 2);
      for (const std::size_t from : generation) QVERIFY(from + o.episodeJobs <= 300);
    }
    QVERIFY(slices.front() != slices.back());
    o.seed = 2;
    QCOMPARE(trainingSlices(train, o, 0), slices);
    QVERIFY(trainingSlices(train, o, 1) != slices);
  }

  // Lists without jobs tied to GPU models get some: about the share asked
  // of the jobs taking one GPU (a share of one too), one model each, the
  // same whatever is asked of them again; none where a job is tied already,
  // the share is 0, or every node has the same model.
  void modelTiesOnlyWhereNoneAre() {
    Topology t = gpuCluster(4);
    DeviceModel other = t.models.front();
    other.name = "T4";
    t.models.push_back(other);
    for (std::size_t d = 16; d < t.devices.size(); ++d) t.devices[d].model = 1;  // g2, g3
    auto lists = workloads({3, 4}, 600);
    lists[1].jobs[0].spec.requests = {1000, 1024, 0, 500, 0};  // a share of one GPU
    const auto tied = withModelTies(lists, t, 0.1);
    std::size_t single = 0, ties = 0;
    for (std::size_t w = 0; w < lists.size(); ++w)
      for (std::size_t i = 0; i < lists[w].jobs.size(); ++i) {
        const SimJob& j = tied[w].jobs[i];
        const bool one = j.spec.requests.gpuCount == 1 || j.spec.requests.gpuMilli > 0;
        single += one;
        if (j.allowedModels.empty()) continue;
        QVERIFY(one);
        QCOMPARE(j.allowedModels.size(), std::size_t{1});
        QVERIFY(j.allowedModels.front() < 2);
        ++ties;
      }
    qInfo("%zu of %zu one-GPU jobs tied", ties, single);
    QVERIFY(ties > single * 7 / 100 && ties < single * 13 / 100);  // measured 9.9 %
    for (std::size_t w = 0; w < lists.size(); ++w)
      for (std::size_t i = 0; i < lists[w].jobs.size(); ++i)
        QCOMPARE(withModelTies(lists, t, 0.1)[w].jobs[i].allowedModels, tied[w].jobs[i].allowedModels);
    auto untouched = [](const std::vector<TrainingWorkload>& out) {
      return std::ranges::all_of(out, [](const TrainingWorkload& w) {
        return std::ranges::all_of(w.jobs, [](const SimJob& j) { return j.allowedModels.empty(); });
      });
    };
    QVERIFY(untouched(withModelTies(lists, t, 0.0)));
    QVERIFY(untouched(withModelTies(lists, gpuCluster(4), 0.1)));
    lists[0].jobs[5].allowedModels = {1};
    auto already = withModelTies(lists, t, 0.1);
    QCOMPARE(already[0].jobs[5].allowedModels, std::vector<std::uint32_t>{1});
    already[0].jobs[5].allowedModels.clear();
    QVERIFY(untouched(already));
  }

  // Trained on two workloads, selected on a third, tested on a fourth that
  // neither saw. Measured (seed 5): see the qInfo line; the margin is what
  // a policy that learned anything at all clears.
  void hybridBeatsRuleOnlyOnUnseenWorkloads() {
    const Topology t = gpuCluster();
    const auto train = workloads({21, 22}, 600);
    const auto check = workloads({23}, 600);
    const auto test = fragmentingJobs(800, 99);
    const HybridTraining trained = trainHybrid(t, seedScore(), train, check, quick(5));
    QVERIFY2(trained.beatsRule, trained.verdict.c_str());
    QCOMPARE(trained.curve.size(), std::size_t{4});
    const SimSummary rule = simulate(t, seedScore(), test);
    auto run = runHybrid(t, hybridPolicy(seedScore(), quick(5).queue), trained.model, test);
    QVERIFY(std::holds_alternative<SimResult>(run));
    const SimSummary hybrid = std::get<SimResult>(run).summary;
    const double ruleArrivals = rule.allocationDuringArrivals[index(DeviceKind::Gpu)];
    const double hybridArrivals = hybrid.allocationDuringArrivals[index(DeviceKind::Gpu)];
    qInfo("unseen workload wait avg: rule %.1f s, hybrid %.1f s; GPU alloc while arriving %.3f -> %.3f", rule.waitAvgS,
          hybrid.waitAvgS, ruleArrivals, hybridArrivals);
    QCOMPARE(hybrid.completed, rule.completed);
    QVERIFY(hybrid.waitAvgS < 0.9 * rule.waitAvgS);
    QVERIFY(hybridArrivals > ruleArrivals);
  }

  // Every seed trains on the same jobs and validates on the same held-out
  // ones: each list's first 70 % by arrival trains, the rest validates.
  void everyListTrainsAndValidates() {
    const auto pool = workloads({3, 4, 5}, 100);
    const ValidationSplit split = splitForValidation(pool);
    QCOMPARE(split.training.size(), std::size_t{3});
    QCOMPARE(split.validation.size(), std::size_t{3});
    for (std::size_t i = 0; i < pool.size(); ++i) {
      QCOMPARE(split.training[i].jobs.size(), std::size_t{70});
      QCOMPARE(split.validation[i].jobs.size(), std::size_t{30});
      QCOMPARE(split.training[i].jobs.front().arrivalS, pool[i].jobs.front().arrivalS);
      QCOMPARE(split.validation[i].jobs.front().arrivalS, pool[i].jobs[70].arrivalS);
    }
  }

  // Restarts inside one training: each search's averaged weights are
  // scored on validation and the best is kept; the curve holds every
  // search's generations.
  void restartsKeepTheBestValidated() {
    const Topology t = gpuCluster(4);
    HybridTrainingOptions o = quick(7);
    o.generations = 2;
    o.restarts = 3;
    const HybridTraining trained = trainHybrid(t, seedScore(), workloads({3}, 300), workloads({4}, 300), o);
    QCOMPARE(trained.restartScores.size(), std::size_t{3});
    QCOMPARE(trained.curve.size(), std::size_t{6});
    QCOMPARE(trained.curve.back().restart, 2u);
    QCOMPARE(trained.validationScore, *std::ranges::min_element(trained.restartScores));
    QCOMPARE(trained.restartScores[trained.restart], trained.validationScore);
    // The first search is the one a single-restart training makes.
    o.restarts = 1;
    const HybridTraining single = trainHybrid(t, seedScore(), workloads({3}, 300), workloads({4}, 300), o);
    QCOMPARE(single.restartScores.front(), trained.restartScores.front());
  }

  // The search's objective is ln of the wait against the rule's plus the
  // allocation weight times ln of how far GPU allocation while jobs arrive
  // falls below the rule's. With no generations the kept weights are all
  // 0 (the head of the SJF window on the rule's node), scored on the one
  // validation episode (the whole list, from 0): the score is that sum,
  // computed here from the two runs.
  void objectiveWeighsAllocationWhereShort() {
    const Topology t = gpuCluster(4);
    const auto train = workloads({3}, 300);
    const auto check = workloads({7}, 300);  // SJF's head allocates 0.642 while arriving, the rule 0.711
    std::vector<SimJob> episode = check.front().jobs;
    double runtime = 0.0;
    for (SimJob& j : episode) j.arrivalS -= check.front().jobs.front().arrivalS, runtime += j.runtimeS;
    const double e = std::max(1.0, 0.01 * runtime / static_cast<double>(episode.size()));
    const SimSummary rule = simulate(t, seedScore(), episode);
    const SimSummary head =
        std::get<SimResult>(runHybrid(t, hybridPolicy(seedScore(), QueueKind::Sjf), HybridModel{}, episode)).summary;
    const double ruleAlloc = rule.allocationDuringArrivals[index(DeviceKind::Gpu)];
    const double headAlloc = head.allocationDuringArrivals[index(DeviceKind::Gpu)];
    qInfo("GPU allocation while arriving: rule %.4f, SJF head %.4f", ruleAlloc, headAlloc);
    QVERIFY(headAlloc < ruleAlloc);  // so that the term counts here
    const double waitTerm = std::log((head.waitAvgS + e) / (rule.waitAvgS + e));
    const double shortfall = std::log((ruleAlloc + 1e-3) / (headAlloc + 1e-3));
    HybridTrainingOptions o = quick(1);
    o.generations = 0;
    QVERIFY(head.waitAvgS < rule.waitAvgS);
    for (const double weight : {0.0, 1.0, 10.0, 100.0}) {
      o.allocationWeight = weight;
      const HybridTraining trained = trainHybrid(t, seedScore(), train, check, o);
      QVERIFY(std::abs(trained.validationScore - (waitTerm + weight * shortfall)) < 1e-12);
      // It waits less on the one episode: only the allocation can make the
      // rule ship, and the verdict says so.
      QCOMPARE(trained.beatsRule, trained.validationScore < 0.0);
      if (!trained.beatsRule) QVERIFY(trained.verdict.find("allocated GPUs") != std::string::npos);
    }
    o.allocationWeight = 100.0;
    QVERIFY(!trainHybrid(t, seedScore(), train, check, o).beatsRule);
  }

  // A policy that cannot beat the rule on validation is not shipped: with
  // no generations over the rule's own FCFS queue, the search's only
  // candidate is all weights 0, which on validation jobs far apart (no
  // head blocks) is the rule itself and waits as long.
  void ruleShipsWhenTheHybridDoesNotWin() {
    const Topology t = gpuCluster(4);
    HybridTrainingOptions o = quick(1);
    o.generations = 0;
    o.queue = QueueKind::Fcfs;
    auto apart = workloads({4}, 300);
    for (SimJob& j : apart.front().jobs) j.arrivalS *= 100.0;
    const HybridTraining trained = trainHybrid(t, seedScore(), workloads({3}, 300), apart, o);
    QVERIFY(!trained.beatsRule);
    QVERIFY(trained.verdict.find("the rule engine ships") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestHybrid)
#include "tst_hybrid.moc"
