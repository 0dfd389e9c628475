#include "checked_value.h"
#include "engine/frag/atc_replay.h"
#include "engine/frag/gpu_node.h"
#include "engine/frag/pod_request.h"
#include "engine/frag/policy_kind.h"
#include "engine/frag/target_workload.h"
#include "engine/frag/task_shape.h"

#include <QtTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched::frag;

Q_DECLARE_METATYPE(hetsched::frag::PolicyKind)

namespace {

// n1: 4 x T4, a 600-milli share already on GPU 0 (free 400, 1000, 1000, 1000)
// n2: 4 x T4, empty
// n3: 2 x T4, one whole-GPU task on GPU 0 (free 0, 1000)
// n4: 8 x V100M16, empty, half the CPU and memory of the others
struct Cluster {
  std::vector<GpuNode> nodes;
  bool preplaced = false;  // the share on n1 and the whole GPU on n3
};

Cluster tinyCluster() {
  return {{GpuNode("n3", "T4", 64000, 256000, 2), GpuNode("n1", "T4", 64000, 256000, 4),
           GpuNode("n4", "V100M16", 32000, 128000, 8), GpuNode("n2", "T4", 64000, 256000, 4)},
          true};
}

void preplace(AtcReplay& replay) {
  const std::vector<std::uint32_t> gpu0{0};
  QVERIFY(replay.preplace(PodRequest{"share", 0, 0, 1, 600, {}}, "n1", gpu0));
  QVERIFY(replay.preplace(PodRequest{"whole", 0, 0, 1, 1000, {}}, "n3", gpu0));
}

// FGD's view of the future: half 300-milli shares, half whole GPUs.
TargetWorkload tinyWorkload() {
  return TargetWorkload({TaskShape{4000, 300, 1, {}, {}, 1, 0.5}, TaskShape{8000, 1000, 1, {}, {}, 1, 0.5}});
}

struct Outcome {
  std::string node;
  std::vector<std::uint32_t> gpus;
};

std::optional<Outcome> placeOn(Cluster cluster, PolicyKind kind, const PodRequest& pod, std::uint64_t seed = 1) {
  AtcReplay scheduler(std::move(cluster.nodes), kind, std::make_shared<const TargetWorkload>(tinyWorkload()), seed);
  if (cluster.preplaced) preplace(scheduler);
  const auto placement = scheduler.place(pod);
  if (!placement) return std::nullopt;
  return Outcome{scheduler.nodes()[placement->node].name(), placement->gpus};
}

const PodRequest kShare300{"p", 4000, 8000, 1, 300, {}};

}  // namespace

class TestPlacementPolicies : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Hand-computed on tinyCluster() for a 300-milli share with 4 CPUs:
  //  BestFit  leftover (CPU, GPU)/max: n3 0.278 beats n1 0.428, n2 0.466, n4 0.591
  //  DotProd  1 - dot/2 truncated: n1, n2, n3 all 98, n4 97; tie -> n1
  //  Packing  n1 96 (shared GPU, 400 free), n3 49 (free GPU on a used node), n2 29, n4 25
  //  Clustering n1 89 (only shares there), n2 37 (empty), n4 25, n3 21 (other kind)
  //  FGD      n1 GPU 0 raises fragmentation by -100 (score 52); elsewhere +350 (41)
  void choiceOnTinyCluster_data() {
    QTest::addColumn<PolicyKind>("policy");
    QTest::addColumn<QString>("node");
    QTest::addColumn<int>("gpu");
    QTest::newRow("bestfit") << PolicyKind::BestFit << "n3" << 1;
    QTest::newRow("dotprod") << PolicyKind::DotProduct << "n1" << 0;
    QTest::newRow("packing") << PolicyKind::GpuPacking << "n1" << 0;
    QTest::newRow("clustering") << PolicyKind::GpuClustering << "n1" << 0;
    QTest::newRow("fgd") << PolicyKind::Fgd << "n1" << 0;
  }

  void choiceOnTinyCluster() {
    QFETCH(PolicyKind, policy);
    QFETCH(QString, node);
    QFETCH(int, gpu);
    const auto outcome = placeOn(tinyCluster(), policy, kShare300);
    VERIFY_HAS_VALUE(outcome);
    QCOMPARE(QString::fromStdString(outcome->node), node);
    QCOMPARE(outcome->gpus, std::vector<std::uint32_t>{static_cast<std::uint32_t>(gpu)});
  }

  void tieGoesToSmallestName_data() {
    QTest::addColumn<PolicyKind>("policy");
    for (const PolicyKind k : kAllPolicies) {
      if (k != PolicyKind::RandomFit) QTest::newRow(std::string(cliName(k)).c_str()) << k;
    }
  }

  void tieGoesToSmallestName() {
    QFETCH(PolicyKind, policy);
    std::vector<GpuNode> twins{GpuNode("node-b", "T4", 32000, 65536, 2), GpuNode("node-a", "T4", 32000, 65536, 2),
                               GpuNode("node-c", "T4", 32000, 65536, 2)};
    const auto outcome = placeOn({twins}, policy, PodRequest{"p", 1000, 1024, 1, 500, {}});
    VERIFY_HAS_VALUE(outcome);
    QCOMPARE(outcome->node, std::string("node-a"));
    // CPU-only tasks score the same everywhere under Packing and Clustering.
    const auto cpuOnly = placeOn({twins}, policy, PodRequest{"cpu", 1000, 1024, 0, 0, {}});
    VERIFY_HAS_VALUE(cpuOnly);
    QCOMPARE(cpuOnly->node, std::string("node-a"));
  }

  void gpuSpecIsHonoured_data() {
    QTest::addColumn<PolicyKind>("policy");
    for (const PolicyKind k : kAllPolicies) QTest::newRow(std::string(cliName(k)).c_str()) << k;
  }

  void gpuSpecIsHonoured() {
    QFETCH(PolicyKind, policy);
    const PodRequest v100{"p", 4000, 8000, 1, 300, {"V100M16", "V100M32"}};
    const auto onV100 = placeOn(tinyCluster(), policy, v100);
    VERIFY_HAS_VALUE(onV100);
    QCOMPARE(onV100->node, std::string("n4"));
    const PodRequest a10{"p", 4000, 8000, 1, 300, {"A10"}};
    QVERIFY(!placeOn(tinyCluster(), policy, a10));
  }

  void capacityIsHonoured_data() { gpuSpecIsHonoured_data(); }

  void capacityIsHonoured() {
    QFETCH(PolicyKind, policy);
    // More CPU than n4 has; three whole GPUs only fit n2 (n1 has 3 free but needs 1000 each: yes, 3).
    QVERIFY(placeOn(tinyCluster(), policy, PodRequest{"cpu", 40000, 1024, 1, 1000, {"V100M16"}}) == std::nullopt);
    QVERIFY(placeOn(tinyCluster(), policy, PodRequest{"mem", 1000, 300000, 0, 0, {}}) == std::nullopt);
    const auto four = placeOn(tinyCluster(), policy, PodRequest{"four", 1000, 1024, 4, 1000, {"T4"}});
    VERIFY_HAS_VALUE(four);
    QCOMPARE(four->node, std::string("n2"));
    QCOMPARE(four->gpus, (std::vector<std::uint32_t>{0, 1, 2, 3}));
  }

  void randomFitIsSeededAndFeasible() {
    std::vector<std::string> picks;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const auto a = placeOn(tinyCluster(), PolicyKind::RandomFit, kShare300, seed);
      const auto b = placeOn(tinyCluster(), PolicyKind::RandomFit, kShare300, seed);
      VERIFY_HAS_VALUE(a);
      VERIFY_HAS_VALUE(b);
      QCOMPARE(a->node, b->node);
      QCOMPARE(a->gpus, b->gpus);
      picks.push_back(a->node);
    }
    std::sort(picks.begin(), picks.end());
    picks.erase(std::unique(picks.begin(), picks.end()), picks.end());
    QCOMPARE(picks.size(), std::size_t{4});  // every node can hold it, and every node gets drawn
  }

  void schedulerAccountsCapacity() {
    AtcReplay scheduler(tinyCluster().nodes, PolicyKind::Fgd, std::make_shared<const TargetWorkload>(tinyWorkload()),
                        1);
    preplace(scheduler);
    QCOMPARE(scheduler.gpuCapacityMilli(), std::uint64_t{18000});
    QCOMPARE(scheduler.gpuAllocatedMilli(), std::uint64_t{0});  // the pre-placed tasks came with the nodes
    QVERIFY(scheduler.place(kShare300));
    QVERIFY(scheduler.place(PodRequest{"two", 1000, 1024, 2, 1000, {}}));
    QCOMPARE(scheduler.gpuAllocatedMilli(), std::uint64_t{2300});
    // Names are sorted: index order is name order.
    QCOMPARE(scheduler.nodes().front().name(), std::string("n1"));
  }
};

QTEST_GUILESS_MAIN(TestPlacementPolicies)
#include "tst_placement_policies.moc"
