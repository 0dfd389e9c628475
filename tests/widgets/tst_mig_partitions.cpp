// Issue 14 item 3, MIG: a GPU split into MIG partitions is framed with its
// instances on the heatmap, each cell labelled with its profile; the
// tooltip and the device details name an instance's profile, its GPU and
// its memory; a cluster without MIG shows none of it.
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/gpu_fragmentation.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/frag/node_fragmentation.h"
#include "synthetic_cluster.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/heatmap_overlay.h"
#include "widgets/heatmap_view.h"
#include "widgets/kind_stats.h"

#include <QLabel>
#include <QTest>
#include <cstddef>
#include <cstdlib>
#include <vector>

using namespace hetsched;

namespace {

// As the host and agents sources build it (tst_nvml_mig checks that): one
// node with a CPU row, an A100 in MIG mode (7 slices) followed by a 3g.20gb
// and two 2g.10gb instances, and a plain H100; a second node of two A100s
// not in MIG mode.
Topology migTopology() {
  Topology t;
  t.version = 3;
  t.clusterName = "mig";
  t.source = "agents";
  t.models = {{"AMD EPYC 7B13", DeviceKind::Cpu, 0, 0, 0, 65536, 0, 0, 32},
              {"NVIDIA A100-SXM4-40GB", DeviceKind::Gpu, 0, 0, 0, 40960, 0, 0, 7},
              {"NVIDIA A100-SXM4-40GB MIG 3g.20gb", DeviceKind::Gpu, 0, 0, 0, 19968, 0, 0, 3},
              {"NVIDIA A100-SXM4-40GB MIG 2g.10gb", DeviceKind::Gpu, 0, 0, 0, 9984, 0, 0, 2},
              {"NVIDIA H100 80GB HBM3", DeviceKind::Gpu, 0, 0, 0, 81559, 0, 0, 0},
              {"NVIDIA A100-SXM4-40GB", DeviceKind::Gpu, 0, 0, 0, 40960, 0, 0, 0}};
  t.nodes = {{"gpu-a", DeviceKind::Gpu, 0, 6, 32000, 65536}, {"gpu-b", DeviceKind::Gpu, 6, 3, 32000, 65536}};
  t.devices = {{0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {0, 3, 3}, {0, 4, 3}, {0, 5, 4}, {1, 0, 0}, {1, 1, 5}, {1, 2, 5}};
  return t;
}

}  // namespace

class TestMigPartitions : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void heatmapFramesThePartitionedGpu() {
    const Topology t = migTopology();
    HeatmapView view;
    view.resize(900, 400);
    view.setTopology(t);
    view.setFrame(testing::makeFrame(t, 1));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QVERIFY(!view.bands().aggregated());
    // One frame: node gpu-a, from the A100 (slot 1) to its last instance (slot 4).
    QCOMPARE(view.partitionFrames().size(), std::size_t{1});
    const HeatmapOverlay::Run frame = view.partitionFrames().front();
    QCOMPARE(frame.row, view.bands().bandOfRow(0));
    QCOMPARE(frame.firstSlot, 1);
    QCOMPARE(frame.lastSlot, 4);
    QStringList labels;
    for (const HeatmapOverlay::PartitionLabel& label : view.partitionLabels())
      labels << QStringLiteral("%1:%2/%3").arg(label.slot).arg(label.text, label.shortText);
    QCOMPARE(labels, (QStringList{QStringLiteral("1:MIG/MIG"), QStringLiteral("2:3g.20gb/3g"),
                                  QStringLiteral("3:2g.10gb/2g"), QStringLiteral("4:2g.10gb/2g")}));
    const QString tip = view.toolTipFor(2);
    QVERIFY2(tip.contains(QStringLiteral("Partition: MIG 3g.20gb of the GPU in slot 1, 3/7 of its compute")),
             qPrintable(tip));
    QVERIFY2(
        view.toolTipFor(1).contains(QStringLiteral("Partition: MIG on: 3g.20gb, 2g.10gb, 2g.10gb (7 of 7 slices)")),
        qPrintable(view.toolTipFor(1)));
    QVERIFY(!view.toolTipFor(5).contains(QStringLiteral("Partition")));
    QVERIFY(!view.toolTipFor(7).contains(QStringLiteral("Partition")));
  }

  void detailsNameProfileParentAndMemory() {
    const Topology t = migTopology();
    DeviceDetailPanel panel;
    panel.setTopology(t);
    panel.setFrame(testing::makeFrame(t, 1));
    panel.setDevice(3);
    const QString text = panel.displayedText();
    for (const char* part : {"gpu-a, slot 3", "Model: NVIDIA A100-SXM4-40GB MIG 2g.10gb",
                             "Partition: MIG 2g.10gb of the GPU in slot 1, 2/7 of its compute", "Memory: 9.75 GiB"})
      QVERIFY2(text.contains(QString::fromUtf8(part)),
               qPrintable(text + QStringLiteral("\nlacks ") + QString::fromUtf8(part)));
    panel.setDevice(1);  // the A100 in MIG mode
    QVERIFY2(
        panel.displayedText().contains(QStringLiteral("Partition: MIG on: 3g.20gb, 2g.10gb, 2g.10gb (7 of 7 slices)")),
        qPrintable(panel.displayedText()));
    panel.setDevice(7);  // a whole A100 on a cluster with MIG elsewhere
    QVERIFY2(panel.displayedText().contains(QStringLiteral("Partition: —")), qPrintable(panel.displayedText()));
  }

  // A MIG instance's model and partition both wrap in a narrow panel; each
  // row must be as tall as its lines (QFormLayout alone clipped the longer).
  void detailRowsFitTheirLines() {
    const Topology t = migTopology();
    for (const int width : {300, 400, 520}) {
      DeviceDetailPanel panel;
      panel.resize(width, 700);
      panel.setTopology(t);
      panel.show();
      QVERIFY(QTest::qWaitForWindowExposed(&panel));
      panel.setDevice(2);
      QTest::qWait(20);
      for (const QLabel* label : panel.findChildren<QLabel*>()) {
        if (!label->wordWrap() || !label->isVisible()) continue;
        QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                 qPrintable(QStringLiteral("%1 px wide: '%2' is %3 px tall, needs %4")
                                .arg(width)
                                .arg(label->text())
                                .arg(label->height())
                                .arg(label->heightForWidth(label->width()))));
      }
    }
  }

  // An instance is a partition of a GPU already counted, not another GPU:
  // the kind summary counts four GPUs (the A100 in MIG mode, the H100, the
  // two A100s of gpu-b) and averages their readings only (NVML reads an
  // instance no utilisation); the fragmentation panel sees two whole GPUs
  // on gpu-a, and a job on an instance holds its GPU.
  void instancesAreNotMoreGpus() {
    const Topology t = migTopology();
    Frame frame = testing::makeFrame(t, 1);
    for (const std::size_t instance : {2, 3, 4}) frame.utilization[instance] = 0.0f;
    const KindStatsTable stats = computeKindStats(t, &frame);
    QCOMPARE(stats[index(DeviceKind::Gpu)].devices, std::size_t{4});
    QCOMPARE(stats[index(DeviceKind::Cpu)].devices, std::size_t{2});
    const double mean =
        (frame.utilization[1] + frame.utilization[5] + frame.utilization[7] + frame.utilization[8]) / 4.0;
    QVERIFY2(std::abs(stats[index(DeviceKind::Gpu)].meanUtilization - mean) < 1e-6,
             qPrintable(QString::number(stats[index(DeviceKind::Gpu)].meanUtilization)));

    ClusterFragmentation f = fragmentationOf(t, {}, 1.0);
    QCOMPARE(f.nodes.size(), std::size_t{2});
    QCOMPARE(f.nodes[0].gpus, 2u);  // the CPU row and the three instances are not GPUs
    QCOMPARE(f.nodes[0].freeMilli, 2000u);
    QCOMPARE(f.nodes[1].gpus, 2u);
    Job onInstance;
    onInstance.id = 1;
    onInstance.state = JobState::Running;
    onInstance.node = 0;
    onInstance.devices = {3};
    onInstance.spec.requests = {.cpuMilli = 1000, .memoryMib = 1024, .gpuCount = 1};
    f = fragmentationOf(t, std::vector<Job>{onInstance}, 1.0);
    QCOMPARE(f.skippedJobs, std::size_t{0});
    QCOMPARE(f.nodes[0].freeMilli, 1000u);
  }

  void clusterWithoutMigShowsNone() {
    const Topology t = testing::makeTopology({{DeviceKind::Cpu, 2, 2}, {DeviceKind::Gpu, 2, 8}});
    HeatmapView view;
    view.resize(900, 400);
    view.setTopology(t);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QVERIFY(view.partitionFrames().empty());
    QVERIFY(view.partitionLabels().empty());
    DeviceDetailPanel panel;
    panel.setTopology(t);
    panel.setDevice(5);
    QVERIFY(!panel.displayedText().contains(QStringLiteral("Partition")));
    QVERIFY(!view.toolTipFor(5).contains(QStringLiteral("Partition")));
    // The legend names the MIG frame only where there is one.
    ClusterDashboard dashboard;
    dashboard.setTopology(t);
    QVERIFY(!dashboard.legendText().contains(QStringLiteral("MIG")));
    dashboard.setTopology(migTopology());
    QVERIFY(dashboard.legendText().contains(QStringLiteral("Dashed frame = GPU split into MIG instances")));
  }
};

QTEST_MAIN(TestMigPartitions)
#include "tst_mig_partitions.moc"
