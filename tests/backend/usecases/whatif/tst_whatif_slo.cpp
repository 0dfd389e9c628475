// A policy's SLO targets (policy.proto's slo) in the what-if, by hand: one
// single-core node, FCFS, five high-priority jobs of 100 s arriving at 0, 1,
// 2, 3 and 4 s. Job i starts at 100 i, so it waits 99 i: 0, 99, 198, 297
// and 396 s. Against the default high target (300 s) one job violates it;
// against 150 s three do (198, 297, 396).
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/whatif_canary.h"
#include "usecases/whatif/whatif_comparison.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_sweep.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

WhatifWorkload fiveInARow() {
  WhatifWorkload w;
  const std::optional<DeviceModel> xeon = findBuiltinModel("Xeon");
  if (!xeon) qFatal("no built-in device model Xeon");
  DeviceModel core = *xeon;
  core.name = "core";
  core.cores = 1;
  w.topology.models = {core};
  w.topology.nodes = {{"n0", DeviceKind::Cpu, 0, 1, 0, 1024}};
  w.topology.devices = {{0, 0, 0}};
  for (int i = 0; i < 5; ++i) {
    SimJob j;
    j.arrivalS = i;
    j.runtimeS = 100.0;
    j.spec.kind = JobKind::Service;
    j.spec.priority = PriorityClass::High;
    j.spec.requests.cpuMilli = 1000;
    w.jobs.push_back(j);
  }
  w.description = "five in a row";
  return w;
}

v1::Policy fcfs(const char* name, std::optional<double> highWaitS = std::nullopt) {
  v1::Policy p;
  p.set_name(name);
  p.set_version(1);
  p.mutable_queue()->set_kind(v1::QueueDiscipline::FCFS);
  p.mutable_placement()->set_kind(v1::PlacementRule::FIRST_FIT);
  if (highWaitS) p.mutable_slo()->set_high_wait_s(*highWaitS);
  return p;
}

std::uint64_t violations(const std::variant<SimResult, WhatifError>& run) {
  if (const auto* e = std::get_if<WhatifError>(&run)) qFatal("run failed: %s", e->message.c_str());
  return std::get<SimResult>(run).summary.sloViolations;
}

}  // namespace

class TestWhatifSlo : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // One policy is judged by its own targets: 300 s → 1, 150 s → 3, 50 s → 4.
  void ownTargets() {
    const WhatifWorkload w = fiveInARow();
    QCOMPARE(violations(runWhatifPolicy(w, fcfs("default"), {})), 1u);
    QCOMPARE(violations(runWhatifPolicy(w, fcfs("tight", 150.0), {})), 3u);
    QCOMPARE(violations(runWhatifPolicy(w, fcfs("tighter", 50.0), {})), 4u);
    // Another class's target changes nothing for high-priority jobs.
    v1::Policy middle = fcfs("middle");
    middle.mutable_slo()->set_middle_wait_s(1.0);
    QCOMPARE(violations(runWhatifPolicy(w, middle, {})), 1u);
  }

  // A comparison judges every policy by the baseline's targets: the same
  // schedule scores the same, whichever policy loosened or tightened its own.
  void comparisonJudgesByTheBaseline() {
    const WhatifWorkload w = fiveInARow();
    const std::vector<v1::Policy> loose{fcfs("in force"), fcfs("tight", 150.0)};
    auto a = runWhatifComparison(w, loose[0], std::span(loose).subspan(1), {});
    QVERIFY(std::holds_alternative<WhatifComparison>(a));
    for (const WhatifOutcome& run : std::get<WhatifComparison>(a).results.runs)
      QCOMPARE(run.result.summary.sloViolations, 1u);
    const std::vector<v1::Policy> tight{fcfs("tight", 150.0), fcfs("in force")};
    auto b = runWhatifComparison(w, tight[0], std::span(tight).subspan(1), {});
    QVERIFY(std::holds_alternative<WhatifComparison>(b));
    for (const WhatifOutcome& run : std::get<WhatifComparison>(b).results.runs)
      QCOMPARE(run.result.summary.sloViolations, 3u);
    // Replicas likewise: both policies schedule alike on every replica, so
    // judged by one yardstick they differ by nothing.
    ReplicaOptions options;
    options.replicas = 5;
    options.threads = 1;
    auto replicas = runWhatifReplicas(w, tight, options);
    QVERIFY(std::holds_alternative<ReplicaResults>(replicas));
    for (const ReplicaMetric& m : std::get<ReplicaResults>(replicas).metrics) {
      if (m.key != "slo_violations") continue;
      QCOMPARE(m.value[0].median, m.value[1].median);
      QCOMPARE(m.difference[1].low, 0.0);
      QCOMPARE(m.difference[1].high, 0.0);
    }
  }

  // A canary is judged by the active policy's targets (the promise in force):
  // every job but the first waits at least 96 s, whichever arm it joined.
  void canaryJudgesByTheActivePolicy() {
    const WhatifWorkload w = fiveInARow();
    QCOMPARE(violations(runWhatifCanary(w, fcfs("active", 0.5), fcfs("candidate", 3e7), 50, {})), 4u);
    QCOMPARE(violations(runWhatifCanary(w, fcfs("active", 3e7), fcfs("candidate", 0.5), 50, {})), 0u);
  }

  // A sweep may vary a target; an unset one is listed at its default.
  void sweepVariesTargets() {
    const WhatifWorkload w = fiveInARow();
    const v1::Policy p = fcfs("swept");
    const auto params = policyParameters(p);
    const auto high = std::ranges::find(params, std::string("slo.high_wait_s"), &PolicyParameter::path);
    QVERIFY(high != params.end());
    QCOMPARE(high->value, 300.0);
    QVERIFY(high->nonNegative);
    auto axis = parseSweepAxis("slo.high_wait_s=50:350:150", p);
    QVERIFY(std::holds_alternative<SweepAxis>(axis));
    const std::vector<SweepAxis> axes{std::get<SweepAxis>(axis)};
    SweepOptions options;
    options.threads = 1;
    auto points = runWhatifSweep(w, p, axes, options);
    QVERIFY(std::holds_alternative<std::vector<SweepPoint>>(points));
    const auto& got = std::get<std::vector<SweepPoint>>(points);
    QCOMPARE(got.size(), std::size_t{3});
    QCOMPARE(got[0].summary.sloViolations, 4u);  // > 50 s: 99, 198, 297, 396
    QCOMPARE(got[1].summary.sloViolations, 2u);  // > 200 s: 297, 396
    QCOMPARE(got[2].summary.sloViolations, 1u);  // > 350 s: 396
    // A target the engine refuses is refused in the sweep, naming it.
    auto zero = runWhatifSweep(w, p, std::vector<SweepAxis>{{"slo.high_wait_s", {0.0}}}, options);
    QVERIFY(std::holds_alternative<WhatifComparisonError>(zero));
    QVERIFY2(std::get<WhatifComparisonError>(zero).error.message.find("slo.high_wait_s") != std::string::npos,
             std::get<WhatifComparisonError>(zero).error.message.c_str());
  }
};

QTEST_GUILESS_MAIN(TestWhatifSlo)
#include "tst_whatif_slo.moc"
