// The built-in placement rules one by one, on hand-made node states.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/core/capacity_state.h"
#include "engine/core/fit_scorer.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/key_hash_scorer.h"
#include "engine/core/least_connections_scorer.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/round_robin_scorer.h"
#include "engine/core/seed_score_scorer.h"
#include "engine/sched/node_score.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

// Accepts nodes not in `refused`, and counts the questions.
class Oracle final : public FitOracle {
 public:
  std::set<std::uint32_t> refused;
  int asked = 0;
  bool fits(std::uint32_t node) override {
    ++asked;
    return !refused.contains(node);
  }
};

// CPU nodes with the given core counts (one socket each).
struct Cluster {
  Topology topology;
  std::vector<std::uint32_t> total;

  explicit Cluster(std::vector<std::uint32_t> cores) {
    const std::optional<DeviceModel> xeon = findBuiltinModel("Xeon");
    if (!xeon) qFatal("no built-in device model Xeon");
    for (std::uint32_t i = 0; i < cores.size(); ++i) {
      DeviceModel m = *xeon;
      m.name = "x" + std::to_string(i);
      m.cores = cores[i];
      topology.models.push_back(m);
      topology.nodes.push_back({"n" + std::to_string(i), DeviceKind::Cpu, i, 1, 0, 1024});
      topology.devices.push_back({i, 0, i});
      total.push_back(cores[i] * 1000);
    }
  }
};

}  // namespace

class TestScorers : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void fitRules() {
    const Cluster c({8, 8, 8, 8});
    const CapacityState state(c.topology);
    const std::vector<std::uint32_t> free{5000, 2000, 7000, 3000};
    const FreeCapacityIndex index(c.topology, free, c.total);
    const JobSpec spec;
    Oracle all;
    const ScoringContext ctx{c.topology, state, index};
    const PlacementRequest need2500{spec, DeviceKind::Cpu, 2500, {}};
    const std::optional<std::uint32_t> first = FitScorer(FitScorer::Mode::First).choose(ctx, need2500, all);
    VERIFY_HAS_VALUE(first);
    QCOMPARE(*first, 0u);
    const std::optional<std::uint32_t> best = FitScorer(FitScorer::Mode::Best).choose(ctx, need2500, all);
    VERIFY_HAS_VALUE(best);
    QCOMPARE(*best, 3u);
    const std::optional<std::uint32_t> worst = FitScorer(FitScorer::Mode::Worst).choose(ctx, need2500, all);
    VERIFY_HAS_VALUE(worst);
    QCOMPARE(*worst, 2u);
    Oracle refuse3;
    refuse3.refused = {3};
    const std::optional<std::uint32_t> bestBut3 = FitScorer(FitScorer::Mode::Best).choose(ctx, need2500, refuse3);
    VERIFY_HAS_VALUE(bestBut3);
    QCOMPARE(*bestBut3, 0u);
    QVERIFY(!FitScorer(FitScorer::Mode::First).choose(ctx, {spec, DeviceKind::Cpu, 7001, {}}, all));
  }

  void roundRobinCycles() {
    const Cluster c({8, 8, 8});
    const CapacityState state(c.topology);
    const std::vector<std::uint32_t> free{8000, 8000, 8000};
    const FreeCapacityIndex index(c.topology, free, c.total);
    RoundRobinScorer rr;
    Oracle oracle;
    const JobSpec spec;
    std::vector<std::uint32_t> picks;
    picks.reserve(6);
    for (int i = 0; i < 6; ++i) {
      const std::optional<std::uint32_t> pick =
          rr.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, {}}, oracle);
      VERIFY_HAS_VALUE(pick);
      picks.push_back(*pick);
    }
    QCOMPARE(picks, (std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2}));
    oracle.refused = {1};  // a full node is skipped, the cycle goes on
    const std::optional<std::uint32_t> next =
        rr.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, {}}, oracle);
    VERIFY_HAS_VALUE(next);
    QCOMPARE(*next, 0u);
    const std::optional<std::uint32_t> afterNext =
        rr.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, {}}, oracle);
    VERIFY_HAS_VALUE(afterNext);
    QCOMPARE(*afterNext, 2u);
  }

  void leastConnections() {
    const Cluster c({8, 8, 8});
    const CapacityState state(c.topology);
    const std::vector<std::uint32_t> free{8000, 8000, 8000};
    const FreeCapacityIndex index(c.topology, free, c.total);
    LeastConnectionsScorer lc(c.topology);
    Oracle oracle;
    const JobSpec spec;
    // The node chosen, or none: compared as an optional, so a scorer that
    // finds no node fails the comparison instead of crashing the test.
    auto pick = [&] { return lc.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, {}}, oracle); };
    lc.onStarted(0);
    lc.onStarted(0);
    lc.onStarted(1);
    QCOMPARE(pick(), std::optional<std::uint32_t>(2u));
    lc.onStarted(2);
    lc.onStarted(2);
    QCOMPARE(pick(), std::optional<std::uint32_t>(1u));
    lc.onFinished(0);
    lc.onFinished(0);
    QCOMPARE(pick(), std::optional<std::uint32_t>(0u));
  }

  void keyHashIsSticky() {
    const Cluster c({8, 8, 8, 8, 8});
    const CapacityState state(c.topology);
    const std::vector<std::uint32_t> free(5, 8000);
    const FreeCapacityIndex index(c.topology, free, c.total);
    KeyHashScorer hash;
    Oracle oracle;
    const JobSpec spec;
    std::set<std::uint32_t> used;
    for (int k = 0; k < 50; ++k) {
      const std::string key = "tenant-" + std::to_string(k);
      const std::optional<std::uint32_t> firstPick =
          hash.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, key}, oracle);
      VERIFY_HAS_VALUE(firstPick);
      const std::uint32_t first = *firstPick;
      const std::optional<std::uint32_t> again =
          hash.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, key}, oracle);
      VERIFY_HAS_VALUE(again);
      QCOMPARE(*again, first);
      used.insert(first);
      // Its node full: the next node in order takes the key.
      oracle.refused = {first};
      const std::optional<std::uint32_t> moved =
          hash.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, key}, oracle);
      VERIFY_HAS_VALUE(moved);
      QCOMPARE(*moved, (first + 1) % 5);
      oracle.refused.clear();
    }
    QCOMPARE(used.size(), std::size_t{5});  // keys spread over every node
  }

  // §4.3 with mixed node sizes: the highest free/total wins, not the most
  // free; the priority term shifts every node alike.
  void seedScoreRatio() {
    const Cluster c({32, 8, 16});
    const CapacityState state(c.topology);
    const std::vector<std::uint32_t> free{12000, 6000, 9000};  // 0.375, 0.75, 0.5625
    const FreeCapacityIndex index(c.topology, free, c.total);
    SeedScoreScorer score(c.topology, state, {2.0, 1.0});
    Oracle oracle;
    JobSpec spec;
    spec.priority = PriorityClass::High;
    const std::optional<std::uint32_t> light =
        score.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 1000, {}}, oracle);
    VERIFY_HAS_VALUE(light);
    QCOMPARE(*light, 1u);
    const std::optional<std::uint32_t> heavy =
        score.choose({c.topology, state, index}, {spec, DeviceKind::Cpu, 7000, {}}, oracle);
    VERIFY_HAS_VALUE(heavy);
    QCOMPARE(*heavy, 2u);
    QCOMPARE(nodeScore({2.0, 1.0}, taskWeight(PriorityClass::High), 6000, 8000), 3.0 * 2.0 + 0.75);
  }
};

QTEST_GUILESS_MAIN(TestScorers)
#include "tst_scorers.moc"
