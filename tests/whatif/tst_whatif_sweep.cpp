// Sweeps: a policy parameter set by its file path (and refused with the
// fields it could have been), ranges parsed, every point the run of the
// edited policy, the same numbers whatever the threads, and the Pareto
// front of two metrics on hand-made points.
#include "builtin_policy.h"
#include "policy/builtin_policies.h"
#include "whatif/whatif_sweep.h"

#include <QTest>

using namespace hetsched;

namespace {

SweepPoint point(double wait, double allocation) {
  SweepPoint p;
  p.summary.waitAvgS = wait;
  p.summary.gpuAllocationRatio = allocation;
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
};

QTEST_GUILESS_MAIN(TestWhatifSweep)
#include "tst_whatif_sweep.moc"
