// The metrics the scheduling papers compare policies on (docs/metrics.md),
// against cases computed by hand: p99 JCT, GPU-hours, SLO violations,
// goodput after a preemption, Jain's index of per-team and per-user
// service, Themis' finish-time fairness and each team's wait and share.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/service_metrics.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/sort_doubles.h"
#include "sim_fixtures.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <random>
#include <vector>

using namespace hetsched;
using namespace hetsched::testing;

namespace {

SimJob owned(double arrival, double runtime, const char* team, const char* owner) {
  SimJob j = job(arrival, runtime);
  j.spec.team = team;
  j.spec.owner = owner;
  return j;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

}  // namespace

class TestServiceMetrics : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void jainByHand() {
    QCOMPARE(jainIndex(std::vector<double>{1, 1, 1, 1}), 1.0);
    QCOMPARE(jainIndex(std::vector<double>{1, 0, 0, 0}), 0.25);  // one gets all: 1/n
    QVERIFY(near(jainIndex(std::vector<double>{1, 2, 3}), 36.0 / 42.0));
    QCOMPARE(jainIndex(std::vector<double>{}), 1.0);
  }

  // One slot, FCFS: A (team x, user ann) runs 0-2, B (team y, user ann)
  // arrives with it and runs 2-4. Service rates runtime/JCT: A 1, B 0.5.
  void twoTeamsOneSlot() {
    const std::vector<SimJob> jobs{owned(0, 2, "x", "ann"), owned(0, 2, "y", "ann")};
    SimResult r = simulate(oneSlot(), policy(QueueKind::Fcfs), jobs);
    const SimSummary& s = r.summary;
    QCOMPARE(r.jobs[1].endS, 4.0);
    QCOMPARE(s.jctP99S, 4.0);                       // nearest rank: the larger of two
    QVERIFY(near(s.jainTeams, 2.25 / 2.5));         // (1 + 0.5)^2 / (2 (1 + 0.25))
    QCOMPARE(s.jainUsers, 1.0);                     // one user
    // Both arrive together: N = 2, each holds the whole slot (share 1), so
    // alone with half the cluster each takes 2 x 2 = 4 s: rho A 2/4, B 4/4.
    QCOMPARE(r.jobs[0].share, 1.0);
    QVERIFY(near(s.rhoAvg, 0.75));
    QVERIFY(near(s.rhoMax, 1.0));
    QCOMPARE(s.goodput, 1.0);                       // nothing redone
    QCOMPARE(s.sloViolations, 0u);                  // 2 s against 1800 s for Middle
    QCOMPARE(s.teams.size(), std::size_t{2});
    QCOMPARE(s.teams[0].name, std::string("x"));
    QCOMPARE(s.teams[0].waitAvgS, 0.0);
    QCOMPARE(s.teams[1].waitAvgS, 2.0);
    QVERIFY(near(s.teams[0].share, 0.5));
    QVERIFY(near(s.teams[1].share, 0.5));

    // A 1 s target: B's 2 s wait violates it, A's none.
    SimSummary tight = r.summary;
    addServiceMetrics(tight, jobs, r.jobs, {1.0, 1.0, 1.0});
    QCOMPARE(tight.sloViolations, 1u);
  }

  // Seed §2.4 preemption: the low job runs 0-1, the high one 1-2, the low one
  // restarts at 2 with a 2 s restart cost. Useful work 10 + 1 s; held: the
  // lost first second, then 12 s (restart) or 11 s (resumed), and 1 s.
  void goodputAfterPreemption_data() {
    QTest::addColumn<bool>("keepProgress");
    QTest::addColumn<double>("goodput");
    QTest::newRow("restart") << false << 11.0 / 14.0;
    QTest::newRow("resume") << true << 11.0 / 13.0;
  }

  void goodputAfterPreemption() {
    QFETCH(bool, keepProgress);
    QFETCH(double, goodput);
    CompiledPolicy p = policy(QueueKind::Fcfs);
    p.preemption = true;
    p.restartCostS = 2.0;
    p.keepProgress = keepProgress;
    const SimResult r = simulate(oneSlot(), p, {job(0, 10, PriorityClass::Low, true), job(1, 1, PriorityClass::High)});
    QCOMPARE(r.summary.preemptions, 1u);
    QVERIFY2(near(r.summary.goodput, goodput), qPrintable(QString::number(r.summary.goodput)));
  }

  // One A100: a whole-GPU job for an hour, then a half-GPU job for an hour.
  void gpuHoursByHand() {
    Topology t;
    const std::optional<DeviceModel> a100 = findBuiltinModel("A100");
    VERIFY_HAS_VALUE(a100);
    t.models = {*a100};
    t.nodes = {{"gpu", DeviceKind::Gpu, 0, 1, 8000, 4096}};
    t.devices = {{0, 0, 0}};
    SimJob whole = job(0, 3600, PriorityClass::Middle, false, 1000);
    whole.spec.kind = JobKind::Training;
    whole.spec.requests.gpuCount = 1;
    SimJob half = whole;
    half.spec.requests.gpuCount = 0;
    half.spec.requests.gpuMilli = 500;
    const SimResult r = simulate(t, policy(QueueKind::Fcfs), {whole, half});
    QCOMPARE(r.jobs[1].startS, 3600.0);
    QVERIFY2(near(r.summary.gpuHours, 1.5), qPrintable(QString::number(r.summary.gpuHours)));
    QCOMPARE(r.jobs[1].share, 0.5);
  }

  // The end times are sorted by radix above a few thousand values: the
  // order std::sort gives, negatives, zeros of both signs, ties and
  // infinities included, on sizes on both sides of the switch.
  void sortDoublesAsStdSort_data() {
    QTest::addColumn<std::size_t>("n");
    QTest::newRow("comparison") << std::size_t{1000};
    QTest::newRow("radix") << std::size_t{100'003};
  }
  void sortDoublesAsStdSort() {
    QFETCH(std::size_t, n);
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> wide(-1e6, 1e6);
    std::vector<double> values(n);
    for (std::size_t i = 0; i < n; ++i) {
      switch (rng() % 6) {
        case 0: values[i] = std::round(wide(rng)); break;  // ties
        case 1: values[i] = (rng() % 2 == 0) ? 0.0 : -0.0; break;
        case 2: values[i] = std::ldexp(wide(rng), -1040); break;  // subnormal
        default: values[i] = wide(rng); break;
      }
    }
    values[n / 2] = INFINITY;
    values[n / 3] = -INFINITY;
    std::vector<double> expected = values;
    std::ranges::sort(expected);
    sortDoubles(values);
    QCOMPARE(values.size(), expected.size());
    for (std::size_t i = 0; i < n; ++i)
      if (!(values[i] == expected[i])) QFAIL(qPrintable(QString("differs at %1").arg(i)));
    QVERIFY(std::ranges::is_sorted(values));
  }
};

QTEST_GUILESS_MAIN(TestServiceMetrics)
#include "tst_service_metrics.moc"
