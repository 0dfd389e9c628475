// Confidence intervals for a what-if: the block bootstrap's 95 % interval
// covers a known mean at its stated rate, every draw is fixed by its seed,
// and replicas of a workload are paired, deterministic whatever the
// threads, and keep the jobs present at the start.
#include "builtin_policy.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/split_mix.h"
#include "policy.pb.h"
#include "usecases/whatif/bootstrap.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"

#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <string_view>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

// Box-Muller from the project's portable generator.
double normal(SplitMix& rng) {
  return std::sqrt(-2.0 * std::log(rng.uniform())) * std::cos(2.0 * std::numbers::pi * rng.uniform());
}

bool same(const Interval& a, const Interval& b) { return a.median == b.median && a.low == b.low && a.high == b.high; }

}  // namespace

class TestWhatifReplicas : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void intervalOfKnownValues() {
    std::vector<double> v;
    for (int i = 0; i <= 1000; ++i) v.push_back(i);
    const Interval i = percentileInterval(v);
    QCOMPARE(i.median, 500.0);
    QCOMPARE(i.low, 25.0);
    QCOMPARE(i.high, 975.0);
    QVERIFY(i.excludesZero());
    QVERIFY(!(Interval{0.0, -1.0, 1.0}.excludesZero()));
  }

  // 200 trials: 400 draws of N(3, 2) each, the block bootstrap's interval of
  // their mean (999 resamples, blocks of 5); it must hold the true mean 3 in
  // 95 +/- 3 % of them.
  void bootstrapCoversTheTruth() {
    constexpr int kTrials = 200;
    SplitMix data(20261202);
    int covered = 0;
    for (int t = 0; t < kTrials; ++t) {
      std::vector<double> series;
      series.reserve(400);
      for (int i = 0; i < 400; ++i) series.push_back(3.0 + 2.0 * normal(data));
      const Interval i = bootstrapMean(series, 5, 999, 1000 + static_cast<std::uint64_t>(t));
      if (i.low <= 3.0 && 3.0 <= i.high) ++covered;
    }
    const double rate = static_cast<double>(covered) / kTrials;
    qInfo("coverage %.3f over %d trials", rate, kTrials);
    QVERIFY2(rate >= 0.92 && rate <= 0.98, qPrintable(QString::number(rate)));
  }

  void bootstrapIsFixedBySeed() {
    SplitMix data(7);
    std::vector<double> series;
    series.reserve(300);
    for (int i = 0; i < 300; ++i) series.push_back(normal(data));
    QVERIFY(same(bootstrapMean(series, 10, 500, 42), bootstrapMean(series, 10, 500, 42)));
    QVERIFY(!same(bootstrapMean(series, 10, 500, 42), bootstrapMean(series, 10, 500, 43)));
  }

  void replicaKeepsTheStartAndTheSpan() {
    WhatifWorkload w = syntheticWhatifWorkload(10, 600, 2, 0.9);
    // Three jobs present at the start, as at a snapshot's cut.
    for (int i = 0; i < 3; ++i) w.jobs[static_cast<std::size_t>(i)].arrivalS = 0.0;
    double span = 0.0;
    for (const SimJob& j : w.jobs) span = std::max(span, j.arrivalS);
    const RuntimeErrors errors = runtimeErrors(w.jobs);
    QVERIFY(!errors.errors.empty());
    QCOMPARE(errors.predicted.size(), w.jobs.size());
    const WhatifWorkload a = replicaWorkload(w, errors, 300.0, 9);
    const WhatifWorkload b = replicaWorkload(w, errors, 300.0, 9);
    const WhatifWorkload c = replicaWorkload(w, errors, 300.0, 10);
    QCOMPARE(a.jobs.size(), b.jobs.size());
    for (std::size_t i = 0; i < a.jobs.size(); ++i) {
      QCOMPARE(a.jobs[i].arrivalS, b.jobs[i].arrivalS);
      QCOMPARE(a.jobs[i].runtimeS, b.jobs[i].runtimeS);
    }
    std::size_t atStart = 0;
    for (const SimJob& j : a.jobs) {
      if (j.arrivalS == 0.0) ++atStart;
      QVERIFY(j.arrivalS <= span);
      QVERIFY(j.runtimeS > 0.0);
    }
    QCOMPARE(atStart, std::size_t{3});
    // Another seed draws other arrivals; about as many arrive over the span.
    bool differs = a.jobs.size() != c.jobs.size();
    for (std::size_t i = 0; !differs && i < a.jobs.size(); ++i) differs = a.jobs[i].arrivalS != c.jobs[i].arrivalS;
    QVERIFY(differs);
    QVERIFY(a.jobs.size() > w.jobs.size() / 2 && a.jobs.size() < 2 * w.jobs.size());
  }

  void replicasArePairedAndDeterministic() {
    const WhatifWorkload w = syntheticWhatifWorkload(10, 400, 3, 0.9);
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), test::builtinPolicy("sjf")};
    ReplicaOptions options;
    options.replicas = 8;
    options.seed = 5;
    options.threads = 2;
    auto two = runWhatifReplicas(w, policies, options);
    options.threads = 1;
    auto one = runWhatifReplicas(w, policies, options);
    QVERIFY(std::holds_alternative<ReplicaResults>(two));
    QVERIFY(std::holds_alternative<ReplicaResults>(one));
    const ReplicaResults& r = std::get<ReplicaResults>(two);
    QCOMPARE(r.replicas, std::size_t{8});
    QCOMPARE(r.metrics.size(), whatifMetrics().size());
    for (std::size_t m = 0; m < r.metrics.size(); ++m) {
      for (std::size_t p = 0; p < policies.size(); ++p) {
        const Interval& v = r.metrics[m].value[p];
        QVERIFY(v.low <= v.median && v.median <= v.high);
        QVERIFY(same(v, std::get<ReplicaResults>(one).metrics[m].value[p]));  // threads change nothing
      }
      // The baseline against itself: exactly zero on every replica.
      QVERIFY(same(r.metrics[m].difference[0], Interval{}));
    }
    // The replicas differ: the wait is not one number eight times.
    const Interval& wait = r.metrics[2].value[0];
    QCOMPARE(r.metrics[2].key, std::string_view("wait_avg_s"));
    QVERIFY(wait.low < wait.high);
  }

  void aBrokenPolicyIsNamed() {
    const WhatifWorkload w = syntheticWhatifWorkload(4, 40, 1, 0.9);
    v1::Policy broken = test::builtinPolicy("best-fit");
    broken.set_name("broken");
    broken.mutable_placement()->set_kind(v1::PlacementRule::EXTERNAL);
    broken.mutable_placement()->set_external_scorer("no-such-scorer");
    const std::vector<v1::Policy> policies{test::builtinPolicy("fcfs"), broken};
    ReplicaOptions options;
    options.replicas = 4;
    auto ran = runWhatifReplicas(w, policies, options);
    QVERIFY(std::holds_alternative<WhatifComparisonError>(ran));
    QCOMPARE(std::get<WhatifComparisonError>(ran).policy, std::string("broken"));
  }
};

QTEST_GUILESS_MAIN(TestWhatifReplicas)
#include "tst_whatif_replicas.moc"
