#include "engine/frag/fragmentation.h"
#include "engine/frag/gpu_node.h"
#include "engine/frag/pod_request.h"
#include "engine/frag/target_workload.h"
#include "engine/frag/task_shape.h"

#include <QtTest>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

using namespace hetsched::frag;

namespace {

// Half the tasks want 1 CPU + half a GPU, half are CPU-only; a few tests add
// a model constraint or a two-GPU task.
TargetWorkload workload(const QString& variant) {
  TaskShape share{1000, 500, 1, {}, {}, 1, 0.5};
  TaskShape cpuOnly{1000, 0, 0, {}, {}, 1, 0.5};
  if (variant == QLatin1String("a10 only")) share.gpuModels = {"A10"};
  if (variant == QLatin1String("two gpus")) return TargetWorkload({TaskShape{0, 1000, 2, {}, {}, 1, 1.0}});
  return TargetWorkload({share, cpuOnly});
}

}  // namespace

class TestFragmentation : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void handComputed_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("cpuFree");
    QTest::addColumn<QList<int>>("gpuFree");
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("expected");
    // Share task: the 300 left on GPU 1 is too small (0.5 x 300); CPU-only
    // task: all 1300 free is unusable to it (0.5 x 1300).
    QTest::newRow("fits") << "share+cpu" << 4000 << QList<int>{1000, 300} << "T4" << 800.0;
    // Too little CPU for the share task: all free GPU is lost to it too.
    QTest::newRow("lacks cpu") << "share+cpu" << 500 << QList<int>{1000, 300} << "T4" << 1300.0;
    // No GPU left: nothing to fragment.
    QTest::newRow("full") << "share+cpu" << 4000 << QList<int>{0, 0} << "T4" << 0.0;
    // Only 400 and 300 left: no GPU holds 500.
    QTest::newRow("lacks gpu") << "share+cpu" << 4000 << QList<int>{400, 300} << "T4" << 700.0;
    // The share task may not use a T4.
    QTest::newRow("wrong model") << "a10 only" << 4000 << QList<int>{1000, 300} << "T4" << 1300.0;
    QTest::newRow("right model") << "a10 only" << 4000 << QList<int>{1000, 300} << "A10" << 800.0;
    // Two whole GPUs fit; the 400 on the third is fragment.
    QTest::newRow("multi-gpu fits") << "two gpus" << 0 << QList<int>{1000, 1000, 400} << "G2" << 400.0;
    // Only one whole GPU: all 2000 free is fragment.
    QTest::newRow("multi-gpu lacks") << "two gpus" << 0 << QList<int>{1000, 600, 400} << "G2" << 2000.0;
  }

  void handComputed() {
    QFETCH(QString, variant);
    QFETCH(int, cpuFree);
    QFETCH(QList<int>, gpuFree);
    QFETCH(QString, model);
    QFETCH(double, expected);
    const TargetWorkload w = workload(variant);
    std::vector<std::uint32_t> free(gpuFree.begin(), gpuFree.end());
    const auto accessible = w.accessibleOn(model.toStdString());
    QCOMPARE(Fragmentation::ofNode(static_cast<std::uint32_t>(cpuFree), free, w, accessible), expected);
  }

  void ofGpuNodeMatchesState() {
    const TargetWorkload w = workload(QStringLiteral("share+cpu"));
    GpuNode node("n", "T4", 4000, 1024, 2);
    QCOMPARE(Fragmentation::ofNode(node, w), 1000.0);  // 0 for the share task, 0.5 x 2000 for CPU-only
    PodRequest pod{"p", 0, 0, 1, 700, {}};
    const std::vector<std::uint32_t> gpu{1};
    node.allocate(pod, gpu);  // GPUs [1000, 300]
    QCOMPARE(Fragmentation::ofNode(node, w), 800.0);
  }

  // FGD scores a placement by counting again only the GPUs it changes
  // (fgd_policy.cpp): on random workloads and node states, that must give
  // the counts of counting every GPU, and the measure bit for bit.
  void recountingChangedGpusIsCountingAll() {
    std::mt19937 rng(7);
    auto below = [&](std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng); };
    std::vector<PodRequest> pods;
    for (int i = 0; i < 400; ++i) {
      PodRequest pod{"p", 1000 * (1 + below(16)), 0, 0, 0, {}};
      if (const std::uint32_t kind = below(4); kind == 1) pod.gpuCount = 1, pod.gpuMilli = 50 * (1 + below(19));
      else if (kind >= 2) pod.gpuCount = 1 + below(8), pod.gpuMilli = 1000;
      pods.push_back(pod);
    }
    const TargetWorkload w = TargetWorkload::fromPods(pods, 0.95);
    QVERIFY(w.compact().distinctGpuMilli.size() > 5);
    std::vector<std::uint8_t> accessible(w.shapes().size(), 1);
    for (std::size_t s = 0; s < accessible.size(); s += 3) accessible[s] = 0;
    auto share = [&] { return below(3) == 0 ? 1000 * below(2) : 50 * below(21); };
    for (int trial = 0; trial < 2000; ++trial) {
      std::vector<std::uint32_t> free(1 + below(8));
      for (std::uint32_t& f : free) f = share();
      Fragmentation::GpuCounts counts;
      Fragmentation::count(free, w, counts);
      for (int change = 0; change < 1 + static_cast<int>(below(3)); ++change) {
        const std::uint32_t g = below(static_cast<std::uint32_t>(free.size()));
        const std::uint32_t now = share();
        Fragmentation::recount(counts, free[g], now, w);
        free[g] = now;
      }
      Fragmentation::GpuCounts again;
      Fragmentation::count(free, w, again);
      QCOMPARE(counts.total, again.total);
      QVERIFY(counts.enough == again.enough);
      QVERIFY(counts.tooSmall == again.tooSmall);
      const std::uint32_t cpuFree = 1000 * below(20);
      // Not QCOMPARE: it compares doubles fuzzily.
      QVERIFY(Fragmentation::ofCounts(cpuFree, counts, w, accessible) ==
              Fragmentation::ofNode(cpuFree, free, w, accessible));
    }
  }

  void targetWorkloadKeepsMostPopular() {
    std::vector<PodRequest> pods;
    auto add = [&](int n, std::uint32_t cpu, std::uint32_t milli, std::uint32_t count) {
      for (int i = 0; i < n; ++i) pods.push_back(PodRequest{"p", cpu, 0, count, milli, {}});
    };
    add(5, 1000, 500, 1);
    add(3, 2000, 1000, 1);
    add(1, 3000, 0, 0);
    add(1, 4000, 0, 0);
    const TargetWorkload w = TargetWorkload::fromPods(pods, 0.8);
    QCOMPARE(w.shapes().size(), std::size_t{2});  // 5 + 3 = 80% of 10 tasks
    QCOMPARE(w.shapes()[0].cpuMilli, 1000U);
    QCOMPARE(w.shapes()[0].weight, 5.0 / 8.0);
    QCOMPARE(w.shapes()[1].weight, 3.0 / 8.0);

    const TargetWorkload all = TargetWorkload::fromPods(pods, 1.0);
    QCOMPARE(all.shapes().size(), std::size_t{4});
    // Equally popular shapes: the larger first, as the authors order them.
    QCOMPARE(all.shapes()[2].cpuMilli, 4000U);
    QCOMPARE(all.shapes()[3].cpuMilli, 3000U);
    QCOMPARE(all.shapes()[3].weight, 0.1);
  }
};

QTEST_GUILESS_MAIN(TestFragmentation)
#include "tst_fragmentation.moc"
