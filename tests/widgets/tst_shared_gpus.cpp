// Issue 14 item 3: a GPU shared by three jobs, drawn on the heatmap (how much
// is held, by how many), listed in the device details and the tooltip,
// coloured by allocation; the fragmentation view beside it.
#include "base/model/device_kind.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/frag/node_fragmentation.h"
#include "synthetic_cluster.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/device_text.h"
#include "widgets/fragmentation_panel.h"
#include "widgets/heatmap_overlay.h"
#include "widgets/heatmap_view.h"
#include "widgets/metric.h"
#include "widgets/qcustomplot_include.h"

#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

Job running(JobId id, std::uint32_t node, std::vector<std::uint32_t> devices, JobRequests r) {
  Job j;
  j.id = id;
  j.state = JobState::Running;
  j.node = node;
  j.devices = std::move(devices);
  j.spec.name = "job-" + std::to_string(id);
  j.spec.requests = r;
  return j;
}

struct Scene {
  Topology topology =
      testing::makeTopology({{DeviceKind::Cpu, 4, 2}, {DeviceKind::Gpu, 6, 8}, {DeviceKind::Tpu, 2, 4}});
  std::vector<Job> jobs;
  int shared = 0;  // the GPU three jobs share

  Scene() {
    for (NodeInfo& node : topology.nodes) {  // host CPU and memory, which GPU jobs need too
      node.cpuMilli = 64000;
      node.memoryMib = std::uint64_t{512} * 1024;
    }
    const NodeInfo& gpu = topology.nodes[5];  // the second GPU node
    shared = static_cast<int>(gpu.firstDevice) + 2;
    const auto d = static_cast<std::uint32_t>(shared);
    jobs = {running(11, 5, {d}, {.cpuMilli = 2000, .gpuMilli = 500}),
            running(12, 5, {d}, {.cpuMilli = 2000, .gpuMilli = 250}),
            running(13, 5, {d}, {.cpuMilli = 2000, .gpuMilli = 150}),
            running(14, 5, {d + 1, d + 2}, {.cpuMilli = 4000, .gpuCount = 2}),
            running(15, 4, {gpu.firstDevice - 8 + 1}, {.cpuMilli = 1000, .gpuMilli = 400})};
  }
  JobNames names() const {
    return {{11, QStringLiteral("bert-serve · Inference")},
            {12, QStringLiteral("ocr · Inference")},
            {13, QStringLiteral("notebook · Service")}};
  }
};

}  // namespace

class TestSharedGpus : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void sharedGpuDrawnAndListed() {
    const Scene s;
    ClusterDashboard dashboard;
    dashboard.resize(1400, 800);
    dashboard.setTopology(s.topology);
    dashboard.setFrame(testing::makeFrame(s.topology, 2));
    dashboard.setJobNames(s.names());
    dashboard.setAllocation(std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(s.topology, s.jobs)));
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    dashboard.heatmap()->replotNow();

    // Drawn: one mark per shared GPU; the three-job one says 90 %, 3 jobs.
    const auto& marks = dashboard.heatmap()->shareMarks();
    QCOMPARE(marks.size(), std::size_t{2});  // the 400 ‰ job's GPU is shared too (part held)
    const auto mark = std::ranges::find_if(marks, [](const HeatmapOverlay::ShareMark& m) { return m.jobs == 3; });
    QVERIFY(mark != marks.end());
    QCOMPARE(mark->slot, 2);
    QVERIFY(std::abs(mark->fraction - 0.9f) < 1e-6f);

    // Listed in the details, largest share first, and in the tooltip.
    QTest::mouseClick(
        dashboard.heatmap()->plot(), Qt::LeftButton, {},
        dashboard.heatmap()->plot()->mapFrom(dashboard.heatmap(), dashboard.heatmap()->cellCenter(s.shared).toPoint()));
    QCOMPARE(dashboard.details()->device(), std::optional<int>(s.shared));
    const QString text = dashboard.details()->displayedText();
    QVERIFY2(text.contains(QStringLiteral("Allocated: 90 % held by 3 jobs")), qPrintable(text));
    const auto bert = text.indexOf(QStringLiteral("#11 bert-serve · Inference · 50 %"));
    const auto ocr = text.indexOf(QStringLiteral("#12 ocr · Inference · 25 %"));
    const auto notebook = text.indexOf(QStringLiteral("#13 notebook · Service · 15 %"));
    QVERIFY2(bert >= 0 && ocr > bert && notebook > ocr, qPrintable(text));
    const QString tip = dashboard.heatmap()->toolTipFor(s.shared);
    QVERIFY2(tip.contains(QStringLiteral("90 % held by 3 jobs")) && tip.contains(QStringLiteral("#13 notebook")),
             qPrintable(tip));

    // The whole-GPU job's devices are not marked, but list their one holder.
    dashboard.details()->setDevice(s.shared + 1);
    QVERIFY(dashboard.details()->displayedText().contains(QStringLiteral("100 % held by 1 job")));
  }

  void allocationColouring() {
    const Scene s;
    HeatmapView view;
    view.resize(900, 500);
    view.setTopology(s.topology);
    view.setFrame(testing::makeFrame(s.topology, 2));
    view.setAllocation(std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(s.topology, s.jobs)));
    view.setMetric(Metric::Allocation);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    const QColor held = view.cellColor(s.shared);       // 90 %
    const QColor idle = view.cellColor(s.shared + 3);    // nothing held
    const QColor whole = view.cellColor(s.shared + 1);  // 100 %
    QVERIFY(held != idle);
    QVERIFY(whole != idle);
    QCOMPARE(view.plot()->axisRect()->axis(QCPAxis::atBottom) != nullptr, true);
    // An allocation of another topology is refused rather than misread.
    const Topology other = testing::makeTopology({{DeviceKind::Gpu, 1, 8}});
    view.setAllocation(std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(other, {})));
    QVERIFY(view.allocation() != nullptr && view.allocation()->deviceCount() == s.topology.devices.size());
  }

  void fragmentationViewListsTheWorstNodeFirst() {
    const Scene s;
    ClusterDashboard dashboard;
    dashboard.setTopology(s.topology);
    dashboard.setFragmentation(fragmentationOf(s.topology, s.jobs));
    FragmentationPanel* panel = dashboard.fragmentation();
    QCOMPARE(panel->table()->rowCount(), 6);  // GPU nodes only
    // Five job shapes, 1/5 each. gpu-1's 600 ‰ left on its one partly used
    // GPU is lost to the 2-GPU shape only (120 ‰); gpu-2's 100 ‰ to every
    // shape (100 ‰). Idle nodes lose nothing.
    const auto cell = [panel](int row, int column) { return panel->table()->item(row, column)->text(); };
    QCOMPARE(cell(0, FragmentationPanel::NodeColumn), QStringLiteral("gpu-1"));
    QCOMPARE(cell(0, FragmentationPanel::FragmentedColumn), QStringLiteral("0.12"));
    QCOMPARE(cell(1, FragmentationPanel::NodeColumn), QStringLiteral("gpu-2"));
    QCOMPARE(cell(1, FragmentationPanel::FragmentedColumn), QStringLiteral("0.1"));
    QCOMPARE(cell(1, FragmentationPanel::PartlyColumn), QStringLiteral("0.1"));
    QCOMPARE(cell(2, FragmentationPanel::FragmentedColumn), QStringLiteral("0"));
    QVERIFY2(panel->summaryText().contains(QStringLiteral("on 6 nodes")), qPrintable(panel->summaryText()));
    // Double-clicking a node selects it on the heatmap.
    dashboard.sidePanels()->setCurrentWidget(panel);
    Q_EMIT panel->table()->cellDoubleClicked(0, 0);
    QCOMPARE(dashboard.heatmap()->selectedDevice(),
             std::optional<int>(static_cast<int>(s.topology.nodes[4].firstDevice)));
  }

  // Screenshots for review: HETSCHED_RENDER_DIR=/tmp/x.
  void renderScreenshots() {
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (dir.isEmpty()) QSKIP("set HETSCHED_RENDER_DIR to write screenshots");
    const Scene s;
    ClusterDashboard dashboard;
    dashboard.resize(1400, 760);
    dashboard.setTopology(s.topology);
    dashboard.setFrame(testing::makeFrame(s.topology, 2));
    dashboard.setJobNames(s.names());
    dashboard.setAllocation(std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(s.topology, s.jobs)));
    dashboard.setFragmentation(fragmentationOf(s.topology, s.jobs));
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    dashboard.heatmap()->setSelectedDevice(s.shared);
    dashboard.details()->setDevice(s.shared);
    QTest::qWait(50);  // the details' layout settles on its new text
    dashboard.heatmap()->replotNow();
    QVERIFY(dashboard.grab().save(dir + QStringLiteral("/shared-gpu.png")));
    dashboard.setMetric(Metric::Allocation);
    dashboard.sidePanels()->setCurrentWidget(dashboard.fragmentation());
    QTest::qWait(50);
    dashboard.heatmap()->replotNow();
    QVERIFY(dashboard.grab().save(dir + QStringLiteral("/allocation-fragmentation.png")));
  }
};

QTEST_MAIN(TestSharedGpus)
#include "tst_shared_gpus.moc"
