// Sweeps: a policy parameter set by its file path (and refused with the
// fields it could have been), ranges parsed, every point the run of the
// edited policy, the same numbers whatever the threads, and the Pareto
// front of two metrics on hand-made points. A list of policies: each point
// the policy's run alone; a grid for each of several policies; replicas:
// each point's intervals those of runWhatifReplicas of its policy alone,
// the front on the medians.
#include "builtin_policy.h"
#include "policy.pb.h"
#include "usecases/whatif/bootstrap.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_sweep.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <span>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

SweepPoint point(double wait, double allocation) {
  SweepPoint p;
  p.summary.waitAvgS = wait;
  p.summary.gpuAllocationRatio = allocation;
  return p;
}

// Every metric of two summaries, exactly.
bool sameMetrics(const SimSummary& a, const SimSummary& b, std::string* which) {
  for (const WhatifMetric& m : whatifMetrics())
    if (m.value(a) != m.value(b)) {
      *which = std::string(m.key);
      return false;
    }
  return true;
}

SweepPoint withMedians(double wait, double allocation) {
  SweepPoint p;
  // The single run says otherwise: the front must not look at it.
  p.summary.waitAvgS = 1000 - wait;
  p.summary.gpuAllocationRatio = 1 - allocation;
  for (const WhatifMetric& m : whatifMetrics()) {
    const double v = m.key == "wait_avg_s" ? wait : m.key == "gpu_allocation_ratio" ? allocation : 0.0;
    p.intervals.push_back({v, v - 0.1, v + 0.1});
  }
  return p;
}

std::string error(const std::variant<v1::Policy, std::string>& v) {
  return std::holds_alternative<std::string>(v) ? std::get<std::string>(v) : std::string();
}

}  // namespace

class TestWhatifSweep : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void parametersByPath() {
    const v1::Policy p = test::builtinPolicy("seed-score");
    auto set = withParameter(p, "placement.priority_factor", 2.5);
    QVERIFY(std::holds_alternative<v1::Policy>(set));
    QCOMPARE(std::get<v1::Policy>(set).placement().priority_factor(), 2.5);
    QCOMPARE(p.placement().priority_factor(), 1.0);  // the original untouched
    set = withParameter(p, "queue.backfill_depth", 4);
    QCOMPARE(std::get<v1::Policy>(set).queue().backfill_depth(), 4u);

    const std::string typo = error(withParameter(p, "placement.priority_fctor", 1));
    QVERIFY2(typo.find("has no field priority_fctor") != std::string::npos, typo.c_str());
    QVERIFY2(typo.find("priority_factor") != std::string::npos, typo.c_str());  // what it could be
    QVERIFY(error(withParameter(p, "queue.backfill_depth", 1.5)).find("whole numbers") != std::string::npos);
    QVERIFY(error(withParameter(p, "queue.backfill_depth", -1)).find("whole numbers") != std::string::npos);
    QVERIFY(error(withParameter(p, "name", 1)).find("not a number") != std::string::npos);
    QVERIFY(error(withParameter(p, "placement.priority_factor.x", 1)).find("has no fields") != std::string::npos);
  }

  void axesParsed() {
    const v1::Policy p = test::builtinPolicy("seed-score");
    auto axis = parseSweepAxis("placement.priority_factor=0:1:0.25", p);
    QVERIFY(std::holds_alternative<SweepAxis>(axis));
    QCOMPARE(std::get<SweepAxis>(axis).values, (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
    axis = parseSweepAxis("queue.backfill_depth=0,4,16", p);
    QCOMPARE(std::get<SweepAxis>(axis).values, (std::vector<double>{0, 4, 16}));
    QVERIFY(std::holds_alternative<std::string>(parseSweepAxis("placement.priority_factor", p)));
    QVERIFY(std::holds_alternative<std::string>(parseSweepAxis("placement.priority_factor=1:0:0.5", p)));
    QVERIFY(std::holds_alternative<std::string>(parseSweepAxis("placement.priority_factor=0:1:0", p)));
    QVERIFY(std::holds_alternative<std::string>(parseSweepAxis("placement.priority_factor=0:1e9:1", p)));
    QVERIFY(std::holds_alternative<std::string>(parseSweepAxis("queue.backfill_depth=0,x", p)));
    QVERIFY(std::holds_alternative<std::string>(parseSweepAxis("queue.backfill_depth=0:2:0.5", p)));
  }

  void everyPointIsItsPolicysRun() {
    const WhatifWorkload w = syntheticWhatifWorkload(10, 300, 4, 1.2);
    const v1::Policy p = test::builtinPolicy("priority-aging");
    const std::vector<SweepAxis> axes{{"queue.aging_interval_s", {10, 600}}, {"queue.backfill_depth", {0, 8, 32}}};
    SweepOptions options;
    options.threads = 2;
    std::atomic<std::size_t> done{0};
    options.pointsDone = &done;
    auto two = runWhatifSweep(w, p, axes, options);
    options.threads = 1;
    auto one = runWhatifSweep(w, p, axes, options);
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(two));
    const auto& points = std::get<std::vector<SweepPoint>>(two);
    QCOMPARE(points.size(), std::size_t{6});
    QCOMPARE(done.load(), std::size_t{12});
    QCOMPARE(points[1].values, (std::vector<double>{10, 8}));  // the last axis fastest
    QCOMPARE(points[3].values, (std::vector<double>{600, 0}));
    for (std::size_t i = 0; i < points.size(); ++i) {
      QCOMPARE(points[i].summary.waitAvgS, std::get<std::vector<SweepPoint>>(one)[i].summary.waitAvgS);
      v1::Policy edited = std::get<v1::Policy>(withParameter(p, axes[0].path, points[i].values[0]));
      edited = std::get<v1::Policy>(withParameter(edited, axes[1].path, points[i].values[1]));
      auto alone = runWhatifPolicy(w, edited, {});
      QCOMPARE(points[i].summary.waitAvgS, std::get<SimResult>(alone).summary.waitAvgS);
    }
    // The parameters matter on this workload: not one run six times.
    bool differ = false;
    for (const SweepPoint& pt : points) differ |= pt.summary.waitAvgS != points.front().summary.waitAvgS;
    QVERIFY(differ);
  }

  // Lower wait and higher allocation are better: (1, 0.5) and (2, 0.9) are
  // the front; (2, 0.4) is beaten by (1, 0.5), (3, 0.9) by (2, 0.9).
  void paretoByHand() {
    const std::vector<SweepPoint> points{point(1, 0.5), point(2, 0.4), point(2, 0.9), point(3, 0.9)};
    QCOMPARE(paretoFront(points, "wait_avg_s", "gpu_allocation_ratio"), (std::vector<bool>{true, false, true, false}));
    // Equal points are both on it: neither is better on anything.
    const std::vector<SweepPoint> ties{point(1, 0.5), point(1, 0.5)};
    QCOMPARE(paretoFront(ties, "wait_avg_s", "gpu_allocation_ratio"), (std::vector<bool>{true, true}));
    QVERIFY(paretoFront(points, "wait_avg_s", "no_such_metric").empty());
  }

  // Seven points by hand, lower wait and higher allocation better:
  //   a (10, 0.2)  b (20, 0.5)  c (20, 0.4)  d (30, 0.8)  e (40, 0.8)
  //   f (50, 0.9)  g (15, 0.1)
  // a: nothing has wait <= 10 but a. b: only a and g wait less, both
  // allocate less. c: b waits as long and allocates more. d: beaten by none
  // (e and f wait longer; only f allocates more). e: d waits less with the
  // same allocation. f: the most allocation. g: a waits less and allocates
  // more. The front: a, b, d, f.
  void paretoHandChecked() {
    const std::vector<SweepPoint> points{point(10, 0.2), point(20, 0.5), point(20, 0.4), point(30, 0.8),
                                         point(40, 0.8), point(50, 0.9), point(15, 0.1)};
    QCOMPARE(paretoFront(points, "wait_avg_s", "gpu_allocation_ratio"),
             (std::vector<bool>{true, true, false, true, false, true, false}));
    // With replicas the front is taken on the medians, not the single runs.
    std::vector<SweepPoint> medians;
    medians.reserve(points.size());
    for (const SweepPoint& p : points) medians.push_back(withMedians(p.summary.waitAvgS, p.summary.gpuAllocationRatio));
    QCOMPARE(paretoFront(medians, "wait_avg_s", "gpu_allocation_ratio"),
             (std::vector<bool>{true, true, false, true, false, true, false}));
  }

  // A sweep over a list of policies: one point per policy, in order, each
  // exactly the policy's run alone, whatever the threads.
  void listPointsAreEachPolicyAlone() {
    const WhatifWorkload w = syntheticWhatifWorkload(10, 300, 4, 1.2);
    std::vector<v1::Policy> policies;
    for (const char* name : {"fcfs", "sjf", "seed-score", "priority-aging", "best-fit"})
      policies.push_back(test::builtinPolicy(name));
    SweepOptions options;
    options.threads = 2;
    options.simulation.seed = 4;
    std::atomic<std::size_t> done{0};
    options.pointsDone = &done;
    auto two = runWhatifSweep(w, policies, {}, options);
    options.threads = 1;
    options.pointsDone = nullptr;
    auto one = runWhatifSweep(w, policies, {}, options);
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(two));
    const auto& points = std::get<std::vector<SweepPoint>>(two);
    QCOMPARE(points.size(), policies.size());
    QCOMPARE(done.load(), policies.size());
    std::string which;
    bool differ = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
      QCOMPARE(points[i].policy, i);
      QVERIFY(points[i].values.empty());
      QVERIFY(points[i].intervals.empty());
      QCOMPARE(sweepPointPolicy(policies, {}, points[i]).SerializeAsString(), policies[i].SerializeAsString());
      SimulationOptions alone;
      alone.seed = 4;
      auto run = runWhatifPolicy(w, policies[i], alone);
      QVERIFY(std::holds_alternative<SimResult>(run));
      QVERIFY2(sameMetrics(points[i].summary, std::get<SimResult>(run).summary, &which), which.c_str());
      QVERIFY2(sameMetrics(points[i].summary, std::get<std::vector<SweepPoint>>(one)[i].summary, &which),
               which.c_str());
      differ |= points[i].summary.waitAvgS != points[0].summary.waitAvgS;
    }
    QVERIFY2(differ, "every policy gave the same wait: the comparison would prove nothing");
    const std::vector<std::string> names = sweepPolicyNames(policies);
    QCOMPARE(sweepPointName(names, {}, points[2]), std::string("seed-score"));
  }

  // Several policies with a grid: the grid for each, policy by policy.
  void gridForEachPolicy() {
    const WhatifWorkload w = syntheticWhatifWorkload(10, 300, 4, 1.2);
    const std::vector<v1::Policy> policies{test::builtinPolicy("priority-aging"), test::builtinPolicy("fcfs")};
    const std::vector<SweepAxis> axes{{"queue.backfill_depth", {0, 8, 32}}};
    auto swept = runWhatifSweep(w, policies, axes, {});
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(swept));
    const auto& points = std::get<std::vector<SweepPoint>>(swept);
    QCOMPARE(points.size(), std::size_t{6});
    std::string which;
    for (std::size_t i = 0; i < points.size(); ++i) {
      QCOMPARE(points[i].policy, i / 3);
      QCOMPARE(points[i].values, std::vector<double>{axes[0].values[i % 3]});
      const v1::Policy edited = sweepPointPolicy(policies, axes, points[i]);
      QCOMPARE(edited.name(), policies[i / 3].name());
      QCOMPARE(static_cast<double>(edited.queue().backfill_depth()), axes[0].values[i % 3]);
      auto alone = runWhatifPolicy(w, edited, {});
      QVERIFY2(sameMetrics(points[i].summary, std::get<SimResult>(alone).summary, &which), which.c_str());
    }
    QCOMPARE(sweepPointName(sweepPolicyNames(policies), axes, points[4]), std::string("fcfs queue.backfill_depth=8"));
  }

  // A value a field cannot take stops the sweep before any run, naming
  // the point.
  void badPointRunsNothing() {
    const WhatifWorkload w = syntheticWhatifWorkload(4, 50, 1, 1.0);
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf")};
    const std::vector<SweepAxis> axes{{"queue.backfill_depth", {0, 1.5}}};
    SweepOptions options;
    std::atomic<std::size_t> done{0};
    options.pointsDone = &done;
    auto swept = runWhatifSweep(w, policies, axes, options);
    QVERIFY(std::holds_alternative<WhatifComparisonError>(swept));
    QCOMPARE(std::get<WhatifComparisonError>(swept).policy, std::string("fcfs queue.backfill_depth=1.5"));
    QCOMPARE(done.load(), std::size_t{0});
  }

  // Two policies of one name are told apart.
  void duplicateNamesToldApart() {
    v1::Policy a = test::builtinPolicy("fcfs"), b = test::builtinPolicy("sjf");
    b.set_name("fcfs");
    const std::vector<v1::Policy> policies{a, b, a};
    QCOMPARE(sweepPolicyNames(policies), (std::vector<std::string>{"fcfs", "fcfs (2)", "fcfs (3)"}));
  }

  // Replicas: every point's intervals are runWhatifReplicas's for its
  // policy alone with the same seed, the same whatever the threads; the
  // front is on the medians.
  void replicaIntervalsAreEachPolicyAlone() {
    const WhatifWorkload w = syntheticWhatifWorkload(10, 300, 7, 1.2);
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf"),
                                           test::builtinPolicy("seed-score")};
    SweepOptions options;
    options.replicas = 6;
    options.replicaSeed = 7;
    options.simulation.seed = 7;
    options.threads = 2;
    std::atomic<std::size_t> done{0};
    options.pointsDone = &done;
    auto two = runWhatifSweep(w, policies, {}, options);
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(two));
    const auto& points = std::get<std::vector<SweepPoint>>(two);
    QCOMPARE(done.load(), sweepRuns(3, 6));
    QCOMPARE(sweepRuns(3, 6), std::size_t{21});
    options.threads = 1;
    options.pointsDone = nullptr;
    const auto rerun = runWhatifSweep(w, policies, {}, options);
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(rerun));
    const auto& again = std::get<std::vector<SweepPoint>>(rerun);
    bool spread = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
      QCOMPARE(points[i].intervals.size(), whatifMetrics().size());
      ReplicaOptions ro;
      ro.replicas = 6;
      ro.seed = 7;
      ro.simulation.seed = 7;
      ro.threads = 1;
      auto alone = runWhatifReplicas(w, std::span<const v1::Policy>(&policies[i], 1), ro);
      QVERIFY(std::holds_alternative<ReplicaResults>(alone));
      const ReplicaResults& want = std::get<ReplicaResults>(alone);
      for (std::size_t m = 0; m < whatifMetrics().size(); ++m) {
        const Interval& got = points[i].intervals[m];
        QCOMPARE(got.median, want.metrics[m].value[0].median);
        QCOMPARE(got.low, want.metrics[m].value[0].low);
        QCOMPARE(got.high, want.metrics[m].value[0].high);
        QCOMPARE(got.median, again[i].intervals[m].median);
        QCOMPARE(got.low, again[i].intervals[m].low);
        QCOMPARE(got.high, again[i].intervals[m].high);
        spread |= got.high > got.low;
      }
      const auto wait = std::ranges::find(whatifMetrics(), "wait_avg_s", &WhatifMetric::key);
      const auto at = static_cast<std::size_t>(wait - whatifMetrics().begin());
      QCOMPARE(sweepValue(*wait, points[i]), points[i].intervals[at].median);
    }
    QVERIFY2(spread, "the replicas all agreed: the intervals would prove nothing");
    // The front is the medians' front.
    std::vector<SweepPoint> medians;
    for (const SweepPoint& p : points) {
      SweepPoint q;
      q.summary.waitAvgS = sweepValue(*std::ranges::find(whatifMetrics(), "wait_avg_s", &WhatifMetric::key), p);
      q.summary.gpuAllocationRatio =
          sweepValue(*std::ranges::find(whatifMetrics(), "gpu_allocation_ratio", &WhatifMetric::key), p);
      medians.push_back(q);
    }
    QCOMPARE(paretoFront(points, "wait_avg_s", "gpu_allocation_ratio"),
             paretoFront(medians, "wait_avg_s", "gpu_allocation_ratio"));
  }
};

QTEST_GUILESS_MAIN(TestWhatifSweep)
#include "tst_whatif_sweep.moc"
