// Seed §2.4 opportunistic migration in the simulator, by hand-computed
// cases: a loaded node's move request, offers predicted from the sampled
// history, the policy's placement rule choosing among them, the transfer
// time charged exactly; nothing below the threshold; determinism; and the
// policy fields that configure it.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
#include "sim_fixtures.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::testing;

namespace {

// n0: 5 cores, n1 and n2: 4 cores, each node its own model so that jobs can
// be pinned to it through allowedModels.
Topology threeNodes() {
  Topology t;
  const std::optional<DeviceModel> xeon = findBuiltinModel("Xeon");
  if (!xeon) qFatal("no built-in device model Xeon");
  for (const auto& [name, cores] : {std::pair{"c5", 5u}, std::pair{"cB", 4u}, std::pair{"cC", 4u}}) {
    DeviceModel m = *xeon;
    m.name = name;
    m.cores = cores;
    t.models.push_back(m);
  }
  for (std::uint32_t n = 0; n < 3; ++n) {
    t.nodes.push_back({"n" + std::to_string(n), DeviceKind::Cpu, n, 1, 0, 1024});
    t.devices.push_back({n, 0, n});
  }
  return t;
}

SimJob pinned(double arrival, std::uint32_t cpuMilli, std::uint32_t model, double runtime = 2000) {
  SimJob j = job(arrival, runtime, PriorityClass::Middle, false, cpuMilli);
  j.allowedModels = {model};
  return j;
}

// Job 0 (X, interruptible, 1 core) starts on n0, the freest node at t=0.
// At t=35 a pinned job takes n0 to 80% load. Meanwhile n1 fills by a
// quarter core every 10 s (free 4000, 3750, ..., 3000 on the ticks at 0, 10,
// ..., 40) and n2 holds a steady 2500 free. `filling` leaves n1's fillers out.
std::vector<SimJob> scenario(bool filling = true) {
  std::vector<SimJob> jobs{job(0, 1000, PriorityClass::Middle, true, 1000), pinned(0, 2000, 0), pinned(0, 1500, 2),
                           pinned(35, 1000, 0)};
  if (filling)
    for (const double at : {5.0, 15.0, 25.0, 35.0}) jobs.push_back(pinned(at, 250, 1));
  return jobs;
}

// Worst fit: among the offers, the node with the most free capacity now.
CompiledPolicy opportunistic(double threshold, double windowS) {
  CompiledPolicy p = policy(QueueKind::Fcfs, PlacementKind::WorstFit);
  p.migration = true;
  p.migrationThreshold = threshold;
  p.migrationCostS = 1.0;
  p.migrationDataGib = 10.0;
  p.migrationLinkGibPerS = 2.0;  // 10 GiB / 2 GiB/s = 5 s, + 1 s restart
  p.migrationWindowS = windowS;
  p.migrationMaxPerTick = 1;
  return p;
}

// A policy that is valid but for its migration rule.
constexpr const char* kValidHead =
    R"({"name":"m","version":1,"queue":{"kind":"FCFS"},"placement":{"kind":"FIRST_FIT"},)";

SimulationOptions everyTenSeconds() {
  SimulationOptions o;
  o.sampleIntervalS = 10.0;
  return o;
}

}  // namespace

class TestSimMigration : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // On the tick at t=40 n0 (80%) is above 70%. n1 is the freest node now
  // (3000) but its trend (-25 milli/s) leaves 500 after the 100 s window,
  // so only n2 offers; X moves there and pays 6 s.
  void movesToThePredictedFreeNode() {
    const SimResult r = simulate(threeNodes(), opportunistic(0.7, 100.0), scenario(), everyTenSeconds());
    QCOMPARE(r.summary.migrations, 1u);
    const JobTimeline& x = r.jobs[0];
    QCOMPARE(x.startS, 0.0);
    QCOMPARE(x.migrations, 1u);
    QCOMPARE(x.moves.size(), std::size_t{1});
    QCOMPARE(x.moves[0], (SimMove{40.0, 0, 2, 6.0}));
    QCOMPARE(x.node, 2u);
    QCOMPARE(x.endS, 1006.0);  // 40 s run, 6 s transfer, 960 s left
    for (std::size_t j = 1; j < r.jobs.size(); ++j) QCOMPARE(r.jobs[j].migrations, 0u);
  }

  // Controls: over a window of the transfer time alone n1 still has room,
  // and without the fillers n1 keeps 4000 free; either way the freest node
  // now wins.
  void freestNodeWinsWithoutAFillingTrend() {
    const SimResult shortWindow = simulate(threeNodes(), opportunistic(0.7, 0.0), scenario(), everyTenSeconds());
    QCOMPARE(shortWindow.jobs[0].moves, (std::vector<SimMove>{{40.0, 0, 1, 6.0}}));
    const SimResult steady = simulate(threeNodes(), opportunistic(0.7, 100.0), scenario(false), everyTenSeconds());
    QCOMPARE(steady.jobs[0].moves, (std::vector<SimMove>{{40.0, 0, 1, 6.0}}));
  }

  void noMoveBelowTheThreshold() {
    const SimResult r = simulate(threeNodes(), opportunistic(0.85, 100.0), scenario(), everyTenSeconds());
    QCOMPARE(r.summary.migrations, 0u);
    QCOMPARE(r.jobs[0].endS, 1000.0);
    QCOMPARE(r.jobs[0].node, 0u);
  }

  // A GPU job's state grows with its GPUs: 2 GiB + 8 GiB per GPU at 1 GiB/s.
  void transferGrowsWithGpus() {
    Topology t;
    const std::optional<DeviceModel> a100 = findBuiltinModel("A100");
    VERIFY_HAS_VALUE(a100);
    t.models = {*a100};
    for (std::uint32_t n = 0; n < 2; ++n) {
      t.nodes.push_back({"g" + std::to_string(n), DeviceKind::Gpu, 2 * n, 2, 32000, 1 << 20});
      t.devices.push_back({n, 0, 0});
      t.devices.push_back({n, 1, 0});
    }
    CompiledPolicy p = policy(QueueKind::Fcfs, PlacementKind::FirstFit);
    p.migration = true;
    p.migrationThreshold = 0.6;
    p.migrationDataGib = 2.0;
    p.migrationDataGibPerGpu = 8.0;
    p.migrationLinkGibPerS = 1.0;
    p.migrationMaxPerTick = 1;
    SimJob a = job(0, 100, PriorityClass::Middle, true);
    a.spec.kind = JobKind::Training;
    a.spec.requests = {1000, 0, 1, 0, 0};
    SimJob b = a;
    b.spec.interruptible = false;
    // First fit stacks both on g0 (load 1.0); on the first tick, at 0 s, a moves.
    const SimResult r = simulate(t, p, {a, b}, everyTenSeconds());
    QCOMPARE(r.jobs[0].moves, (std::vector<SimMove>{{0.0, 0, 1, 10.0}}));
    QCOMPARE(r.jobs[0].endS, 110.0);
  }

  // Tick times that are not exact in binary (0.1 s apart from 0.3 s) must
  // still advance: a rounding slip once scheduled the same tick forever.
  void inexactTicksAdvance() {
    SimulationOptions o;
    o.sampleIntervalS = 0.1;
    const SimResult r = simulate(threeNodes(), opportunistic(0.7, 100.0), {job(0.3, 50.0), job(0.7, 3.3)}, o);
    QCOMPARE(r.summary.completed, 2u);
  }

  void deterministic() {
    const auto jobs = scenario();
    const SimResult a = simulate(threeNodes(), opportunistic(0.7, 100.0), jobs, everyTenSeconds());
    const SimResult b = simulate(threeNodes(), opportunistic(0.7, 100.0), jobs, everyTenSeconds());
    QVERIFY(a.jobs == b.jobs);
    QCOMPARE(a.summary.migrations, b.summary.migrations);
  }

  void fieldsAreValidatedWithTheirPaths_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("data without a link")
        << R"({"enabled":true,"utilization_threshold":0.8,"max_per_tick":1,"data_gib":4})"
        << "migration.link_gib_per_s: must be > 0 when data is moved";
    QTest::newRow("negative data per GPU")
        << R"({"enabled":true,"utilization_threshold":0.8,"max_per_tick":1,"data_gib_per_gpu":-1,"link_gib_per_s":1})"
        << "migration.data_gib_per_gpu: must be >= 0";
    QTest::newRow("negative window")
        << R"({"enabled":true,"utilization_threshold":0.8,"max_per_tick":1,"prediction_window_s":-5})"
        << "migration.prediction_window_s: must be >= 0";
    QTest::newRow("one-sample history")
        << R"({"enabled":true,"utilization_threshold":0.8,"max_per_tick":1,"history_samples":1})"
        << "migration.history_samples: must be 0 or in [2, 1024]";
    QTest::newRow("no trigger") << R"({"enabled":true,"utilization_threshold":0.8})"
                                << "migration.max_per_event: must be > 0";
  }
  void fieldsAreValidatedWithTheirPaths() {
    QFETCH(QString, json);
    QFETCH(QString, error);
    auto parsed = parsePolicyJson(std::string(kValidHead) + R"("migration":)" + json.toStdString() + "}");
    QVERIFY(std::holds_alternative<PolicyLoadError>(parsed));
    const PolicyLoadError& loadError = std::get<PolicyLoadError>(parsed);
    QCOMPARE(int(loadError.kind), int(PolicyLoadError::Kind::Invalid));
    QStringList messages;
    for (const FieldError& e : loadError.fields) messages << QString::fromStdString(e.message());
    QVERIFY2(messages.contains(error), qPrintable(messages.join(QStringLiteral("; "))));
  }

  void tickOnlyPolicyCompiles() {
    auto parsed = parsePolicyJson(
        std::string(kValidHead) +
        R"("migration":{"enabled":true,"utilization_threshold":0.8,"max_per_tick":2,"data_gib":1,"link_gib_per_s":0.5}})");
    QVERIFY(std::holds_alternative<v1::Policy>(parsed));
    auto compiled = compilePolicy(std::get<v1::Policy>(parsed));
    QVERIFY(std::holds_alternative<CompiledPolicy>(compiled));
    const CompiledPolicy& c = std::get<CompiledPolicy>(compiled);
    QCOMPARE(c.migrationMaxPerTick, 2u);
    QCOMPARE(c.migrationHistorySamples, 8u);
    QCOMPARE(c.migrationLinkGibPerS, 0.5);
  }
};

QTEST_GUILESS_MAIN(TestSimMigration)
#include "tst_sim_migration.moc"
