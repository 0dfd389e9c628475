// Live predictions: the scheduling core run forward from the live state by
// the same event driver. A known schedule gives exactly the predicted starts,
// nodes and reasons worked out by hand; with no new arrivals the forecast is
// what then happens; a forecast never touches the live cluster.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "builtin_model.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scorer_catalog.h"
#include "engine/core/scorer_registry.h"
#include "engine/core/wait_facts.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "engine/policy/quota_spec.h"
#include "engine/predict/queue_forecast.h"
#include "engine/sim/event_driver.h"
#include "policy.pb.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "sources/cluster/workload_generator.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace hetsched;
using hetsched::test::builtinModel;

namespace {

// Two CPU nodes of two one-core sockets (2000 milli each) and one GPU node
// of four GPUs.
Topology small() {
  Topology t;
  DeviceModel core = builtinModel("Xeon");
  core.cores = 1;
  t.models = {core, builtinModel("A100")};
  t.nodes = {{"c0", DeviceKind::Cpu, 0, 2, 0, 4096},
             {"c1", DeviceKind::Cpu, 2, 2, 0, 4096},
             {"g0", DeviceKind::Gpu, 4, 4, 16000, 65536}};
  t.devices = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {2, 0, 1}, {2, 1, 1}, {2, 2, 1}, {2, 3, 1}};
  return t;
}

CompiledPolicy builtin(const std::string& name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return std::get<CompiledPolicy>(compilePolicy(p));
  qFatal("no built-in policy %s", name.c_str());
}

// Records every job's first start.
class Starts final : public EventObserver {
 public:
  std::map<JobSlot, std::pair<double, std::uint32_t>> first;
  void advancing(double, std::uint32_t, std::uint32_t) override {}
  void completed(JobSlot, double) override {}
  void refused(JobSlot, Refusal) override {}
  void bound(JobSlot job, const Placement& p, double t) override { first.try_emplace(job, t, p.node); }
  void released(JobSlot, Placement&, double) override {}
  void preempted(JobSlot, JobSlot, std::uint32_t, double) override {}
  void migrated(JobSlot, std::uint32_t, std::uint32_t, double, double) override {}
  void lost(JobSlot, std::uint32_t, double) override {}
};

struct Live {
  Topology topology = small();
  std::deque<CoreJob> jobs;
  Starts starts;
  ScorerRegistry scorers;  // before the driver, whose core keeps a pointer to it
  EventDriver driver;

  static CoreOptions withScorers(ScorerRegistry& scorers) {
    addStandardScorers(scorers, traceGpuTarget());
    CoreOptions options;
    options.scorers = &scorers;
    return options;
  }
  explicit Live(const std::string& policy) : driver(topology, withScorers(scorers), {}, starts) {
    PolicyArms arms;
    arms.active = builtin(policy);
    if (!driver.setPolicies(arms).empty()) qFatal("refused");
  }
  JobSlot add(double t, std::uint32_t cpuMilli, double runtimeS, std::uint32_t gpus = 0,
              PriorityClass priority = PriorityClass::Middle) {
    CoreJob& j = jobs.emplace_back();
    j.spec.name = "j" + std::to_string(jobs.size());
    j.spec.kind = gpus > 0 ? JobKind::Training : JobKind::Service;
    j.spec.priority = priority;
    j.spec.requests.cpuMilli = cpuMilli;
    j.spec.requests.gpuCount = gpus;
    j.arrivalS = t;
    j.runtimeS = runtimeS;
    const auto slot = static_cast<JobSlot>(jobs.size() - 1);
    driver.add(slot, j);
    return slot;
  }
  // What a live source hands over: the jobs in the core or still to arrive
  // (not those that finished).
  std::vector<ForecastJob> forecastJobs(double nowS) const {
    std::vector<ForecastJob> out;
    for (std::size_t i = 0; i < jobs.size(); ++i)
      if (driver.core().isWaiting(static_cast<JobSlot>(i)) || driver.core().isRunning(static_cast<JobSlot>(i)) ||
          jobs[i].arrivalS >= nowS)
        out.push_back(
            {static_cast<JobSlot>(i), JobId{i} + 100, static_cast<std::int64_t>(jobs[i].arrivalS * 1000), jobs[i]});
    return out;
  }
};

const JobPrediction& of(const QueuePredictions& p, JobId id) {
  for (const JobPrediction& j : p.jobs)
    if (j.job == id) return j;
  qFatal("job %llu not predicted", static_cast<unsigned long long>(id));
}

}  // namespace

class TestQueueForecast : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // FCFS without backfill. a (1000 milli, 100 s) runs on c0, b (2000, 200 s)
  // on c1. At 10 s, c (2000, 300 s) fits nowhere: CPU short on both nodes;
  // d (1000, 10 s) would fit on c0 but waits behind c. e (8 GPUs) was just
  // submitted and can never fit the 4-GPU node. Worked out by hand: a ends
  // at 100, c starts on c0; b ends at 200, d starts on c1 and ends at 210.
  void knownSchedule() {
    Live live("fcfs");
    live.add(0, 1000, 100);
    live.add(0, 2000, 200);
    live.add(10, 2000, 300);
    live.add(10, 1000, 10);
    live.driver.advanceTo(10.5);
    live.add(10.5, 1000, 50, 8);  // pending: not yet seen by the core
    QueueForecast forecast(live.driver, live.forecastJobs(10.5), 10.5);
    const QueuePredictions p = forecast.run();
    QVERIFY(p.availability == PredictionAvailability::Available);
    QCOMPARE(p.atMs, std::int64_t{10500});
    QCOMPARE(p.jobs.size(), std::size_t{3});
    // In order of predicted start; the one that never starts last.
    QCOMPARE(p.jobs[0].job, JobId{102});
    QCOMPARE(p.jobs[1].job, JobId{103});
    QCOMPARE(p.jobs[2].job, JobId{104});

    const JobPrediction& c = of(p, 102);
    QCOMPARE(c.startMs, std::int64_t{100000});
    QCOMPARE(c.endMs, std::int64_t{400000});
    QCOMPARE(c.node, 0);
    QVERIFY(c.reason.cause == WaitCause::Resources);
    QVERIFY(c.reason.kind == DeviceKind::Cpu);
    QCOMPARE(c.reason.nodesOfKind, 2u);
    QCOMPARE(c.reason.nodesWithRoom, 0u);
    QCOMPARE(c.reason.shortOn[static_cast<std::size_t>(ShortResource::Cpu)], 2u);
    QVERIFY(c.reason.mostShort() == ShortResource::Cpu);
    QCOMPARE(c.reason.ahead, 0u);

    const JobPrediction& d = of(p, 103);
    QCOMPARE(d.startMs, std::int64_t{200000});
    QCOMPARE(d.endMs, std::int64_t{210000});
    QCOMPARE(d.node, 1);
    QVERIFY(d.reason.cause == WaitCause::Queue);
    QCOMPARE(d.reason.nodesWithRoom, 1u);
    QCOMPARE(d.reason.ahead, 1u);
    QCOMPARE(d.reason.aheadByClass, 0u);
    QVERIFY(d.reason.order == QueueOrder::Fcfs);
    QCOMPARE(d.reason.backfillDepth, 0u);

    const JobPrediction& e = of(p, 104);
    QCOMPARE(e.startMs, std::int64_t{-1});
    QCOMPARE(e.node, -1);
    QVERIFY(e.reason.cause == WaitCause::NeverFits);

    // The live driver did not move: c and d still wait, and run as predicted.
    QVERIFY(live.driver.core().isWaiting(2));
    QVERIFY(live.driver.core().isWaiting(3));
    live.driver.advanceTo(INFINITY);
    QCOMPARE(live.starts.first.at(2), std::pair(100.0, 0u));
    QCOMPARE(live.starts.first.at(3), std::pair(200.0, 1u));
  }

  // Priority classes with aging (one class per 60 s): a high job submitted
  // later is served before a middle one, and says it outranks it.
  void priorityAheadByClass() {
    Live live("priority-aging");
    live.add(0, 2000, 100);
    live.add(0, 2000, 100);
    live.add(1, 2000, 50, 0, PriorityClass::Low);
    live.add(2, 2000, 50, 0, PriorityClass::High);
    live.driver.advanceTo(3);
    QueueForecast forecast(live.driver, live.forecastJobs(3), 3);
    const QueuePredictions p = forecast.run();
    const JobPrediction& low = of(p, 102);
    const JobPrediction& high = of(p, 103);
    QCOMPARE(low.reason.ahead, 1u);
    QCOMPARE(low.reason.aheadByClass, 1u);
    QVERIFY(low.reason.order == QueueOrder::Priority);
    QVERIFY(!low.reason.aged);
    QCOMPARE(high.reason.ahead, 0u);
    // Both running jobs end at 100: both start then, the high one first in
    // service order (both on CPU nodes, one each).
    QCOMPARE(high.startMs, std::int64_t{100000});
    QCOMPARE(low.startMs, std::int64_t{100000});
  }

  // With no new arrivals, the forecast from any cut is exactly what the
  // live driver then does, over seeds and every queue discipline.
  void exactWithoutNewArrivals_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("seed");
    for (const char* policy : {"fcfs", "sjf", "srtf", "priority-aging", "best-fit", "fgd"})
      for (int seed = 1; seed <= 3; ++seed)
        // newRow, not addRow("%s/%d"): GCC -O3 warns (falsely) of a null %s.
        QTest::newRow((QByteArray(policy) + '/' + QByteArray::number(seed)).constData())
            << QString::fromLatin1(policy) << seed;
  }
  void exactWithoutNewArrivals() {
    QFETCH(QString, policy);
    QFETCH(int, seed);
    bool known = false;
    for (const v1::Policy& p : builtinPolicies()) known |= p.name() == policy.toStdString();
    if (!known) QSKIP("not a built-in policy");
    Live live(policy.toStdString());
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    std::uniform_real_distribution<double> u(0, 1);
    double t = 0;
    for (int i = 0; i < 60; ++i) {
      t += 5 * u(rng);
      const bool gpu = u(rng) < 0.3;
      live.add(t, gpu ? 1000 : static_cast<std::uint32_t>(250 + 1750 * u(rng)), 10 + 200 * u(rng),
               gpu ? 1 + static_cast<std::uint32_t>(3 * u(rng)) : 0,
               static_cast<PriorityClass>(static_cast<int>(3 * u(rng))));
    }
    live.driver.advanceTo(t + 0.5);  // every arrival in; many wait
    // The whole queue's facts at once say what one call per job says.
    const SchedulingCore& core = live.driver.core();
    std::vector<JobSlot> waiting;
    for (JobSlot j = 0; j < live.jobs.size(); ++j)
      if (core.isWaiting(j)) waiting.push_back(j);
    QVERIFY(!waiting.empty());
    const std::vector<WaitFacts> all = core.waitFacts(waiting, t + 0.5);
    for (std::size_t i = 0; i < waiting.size(); ++i) {
      const WaitFacts one = core.waitFacts(waiting[i], t + 0.5);
      QCOMPARE(all[i].ahead, one.ahead);
      QCOMPARE(all[i].aheadByClass, one.aheadByClass);
      QCOMPARE(all[i].nodesWithRoom, one.nodesWithRoom);
      QCOMPARE(all[i].nodesUp, one.nodesUp);
      QVERIFY(all[i].shortOn == one.shortOn);
      QVERIFY(all[i].agedClass == one.agedClass);
      QCOMPARE(all[i].neverFits, one.neverFits);
    }
    QueueForecast forecast(live.driver, live.forecastJobs(t + 0.5), t + 0.5);
    const QueuePredictions p = forecast.run();
    QVERIFY(!p.jobs.empty());
    live.driver.advanceTo(INFINITY);
    for (const JobPrediction& j : p.jobs) {
      const auto actual = live.starts.first.at(static_cast<JobSlot>(j.job - 100));
      QCOMPARE(j.startMs, std::llround(actual.first * 1000));
      QCOMPARE(j.node, static_cast<std::int32_t>(actual.second));
    }
  }

  // On the simulated cluster: every waiting job is predicted, none of the
  // running ones, and the cluster steps on exactly as without the forecast.
  void simulatedClusterUntouched() {
    SimOptions options;
    options.warmupS = 1800;
    options.targetLoad = 3.0;  // a queue forms
    SimulatedCluster a(options), b(options);
    auto forecast = a.forecast();
    QVERIFY(forecast);
    const QueuePredictions p = forecast->run();
    const JobState queued[] = {JobState::Queued};
    std::size_t waiting = 0;
    const auto jobs = a.jobs(queued, 100000, &waiting);
    QCOMPARE(p.jobs.size(), waiting);
    QVERIFY(waiting > 0);
    for (const JobPrediction& j : p.jobs) {
      QVERIFY(j.reason.cause != WaitCause::Unknown);
      if (j.startMs >= 0) QVERIFY(j.startMs >= p.atMs);
    }
    for (int i = 0; i < 20; ++i) {
      a.step();
      b.step();
    }
    const auto key = [](const SimulatedCluster& c) {
      std::vector<std::tuple<JobId, int, std::int64_t, std::uint32_t>> out;
      for (const Job& j : c.jobs({}, 100000, nullptr))
        out.emplace_back(j.id, static_cast<int>(j.state), j.startTimeMs, j.node);
      return out;
    };
    QCOMPARE(key(a), key(b));
  }

  // The live simulated cluster under a policy with quotas (vision: one GPU
  // guaranteed, no cohort) holds vision's new GPU jobs, and its forecast
  // says why, with the team's numbers.
  void liveClusterExplainsAQuotaHold() {
    SimOptions options;
    options.warmupS = 1800;
    SimulatedCluster cluster(options);
    PolicyArms arms;
    arms.active = liveDefaultCompiled();
    TeamQuotaSpec vision;
    vision.team = "vision";
    vision.guaranteeMilli[index(DeviceKind::Gpu)] = 1000;
    arms.active.quotas.teams = {vision};
    arms.activeVersion = 2;
    QVERIFY(!cluster.setPolicies(arms));
    for (int i = 0; i < 200; ++i) cluster.step();
    const QueuePredictions forecast = cluster.forecast()->run();
    std::size_t held = 0;
    for (const JobPrediction& j : forecast.jobs) {
      if (j.reason.cause != WaitCause::Quota) continue;
      ++held;
      QCOMPARE(j.reason.quota.team, std::string("vision"));
      QCOMPARE(int(j.reason.kind), int(DeviceKind::Gpu));
      QCOMPARE(j.reason.quota.guaranteeMilli, std::uint64_t{1000});
      QVERIFY(j.reason.quota.usedMilli + j.reason.quota.requestMilli > 1000);
    }
    QVERIFY2(held > 0, "no job held by the quota");
  }

  // A gateway stopping cancels a forecast: run() returns after the window it
  // is in (the first covers 60 s), where a whole run looks further ahead.
  void cancelStopsTheRunForward() {
    SimOptions options;
    options.warmupS = 1800;
    options.targetLoad = 3.0;
    SimulatedCluster cluster(options);
    const auto latest = [](const QueuePredictions& p) {
      std::int64_t out = -1;
      for (const JobPrediction& j : p.jobs) out = std::max(out, j.startMs);
      return out;
    };
    const QueuePredictions whole = cluster.forecast()->run();
    QVERIFY2(latest(whole) > whole.atMs + 60'000, qPrintable(QString::number(latest(whole) - whole.atMs)));
    const std::atomic<bool> cancel{true};
    ForecastOptions cancelled;
    cancelled.cancel = &cancel;
    const QueuePredictions cut = cluster.forecast()->run(cancelled);
    QCOMPARE(cut.jobs.size(), whole.jobs.size());
    QVERIFY(latest(cut) <= cut.atMs + 60'000);
  }
};

QTEST_GUILESS_MAIN(TestQueueForecast)
#include "tst_queue_forecast.moc"
