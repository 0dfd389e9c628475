#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/heatmap_view.h"
#include "widgets/kind_stats.h"
#include "widgets/kind_summary_strip.h"
#include "widgets/metric.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSplitter>
#include <QTest>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>

using namespace hetsched;

namespace {

Topology smallTopology() {
  return testing::makeTopology({{DeviceKind::Cpu, 2, 2}, {DeviceKind::Gpu, 1, 8}, {DeviceKind::Tpu, 1, 4}});
}

// CPU: 10/20/30/40 % -> 25 %; GPU: all 50 % except slot 7 at 90 % -> 55 %;
// TPU: 0, 100, 100, 100 % -> 75 %. Power 100 W per CPU, 300 W per GPU,
// 200 W per TPU.
Frame knownFrame(const Topology& topology) {
  Frame frame;
  frame.resize(topology.devices.size(), topology.nodes.size());
  const float cpu[] = {0.1f, 0.2f, 0.3f, 0.4f};
  for (std::size_t d = 0; d < 4; ++d) {
    frame.utilization[d] = cpu[d];
    frame.powerWatts[d] = 100.0f;
  }
  for (std::size_t d = 4; d < 12; ++d) {
    frame.utilization[d] = d == 11 ? 0.9f : 0.5f;
    frame.powerWatts[d] = 300.0f;
  }
  for (std::size_t d = 12; d < 16; ++d) {
    frame.utilization[d] = d == 12 ? 0.0f : 1.0f;
    frame.powerWatts[d] = 200.0f;
  }
  frame.memoryUsed[5] = 0.25f;
  frame.temperatureC[5] = 71.0f;
  frame.job[5] = 42;
  frame.queue.kinds[index(DeviceKind::Cpu)] = {3, 1};
  frame.queue.kinds[index(DeviceKind::Gpu)] = {2, 7};
  frame.queue.kinds[index(DeviceKind::Tpu)] = {1, 0};
  return frame;
}

}  // namespace

class TestDashboardPanels : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void summaryStripNumbers_data() {
    QTest::addColumn<DeviceKind>("kind");
    QTest::addColumn<QString>("devices");
    QTest::addColumn<QString>("meanUtilization");
    QTest::addColumn<QString>("running");
    QTest::addColumn<QString>("queued");
    QTest::addColumn<QString>("power");
    QTest::newRow("cpu") << DeviceKind::Cpu << "4" << "25.0 %" << "3" << "1" << "0.4 kW";
    QTest::newRow("gpu") << DeviceKind::Gpu << "8" << "55.0 %" << "2" << "7" << "2.4 kW";
    QTest::newRow("tpu") << DeviceKind::Tpu << "4" << "75.0 %" << "1" << "0" << "0.8 kW";
  }
  void summaryStripNumbers() {
    QFETCH(DeviceKind, kind);
    KindSummaryStrip strip;
    strip.setTopology(m_topology);
    strip.setFrame(knownFrame(m_topology));
    using F = KindSummaryStrip::Field;
    QTEST(strip.valueText(kind, F::Devices), "devices");
    QTEST(strip.valueText(kind, F::MeanUtilization), "meanUtilization");
    QTEST(strip.valueText(kind, F::RunningJobs), "running");
    QTEST(strip.valueText(kind, F::QueuedJobs), "queued");
    QTEST(strip.valueText(kind, F::Power), "power");
  }

  // A million devices draw megawatts: from 1,000 kW the card says MW.
  void summaryPowerInMegawatts() {
    KindSummaryStrip strip;
    strip.setTopology(m_topology);
    Frame frame = knownFrame(m_topology);
    for (std::size_t d = 0; d < m_topology.devices.size(); ++d)
      if (m_topology.kindOf(d) == DeviceKind::Gpu) frame.powerWatts[d] = 200'000.0f;  // 8 GPUs: 1.6 MW
    strip.setFrame(frame);
    QCOMPARE(strip.valueText(DeviceKind::Gpu, KindSummaryStrip::Field::Power), QStringLiteral("1.60 MW"));
    QCOMPARE(strip.valueText(DeviceKind::Cpu, KindSummaryStrip::Field::Power), QStringLiteral("0.4 kW"));
  }

  void summaryLeavesDownNodesOutOfUtilization() {
    Frame frame = knownFrame(m_topology);
    frame.nodeUp[0] = 0;  // cpu-1: devices 0 and 1 (10 %, 20 %)
    const KindStatsTable stats = computeKindStats(m_topology, &frame);
    QCOMPARE(stats[index(DeviceKind::Cpu)].nodesDown, std::size_t{1});
    QVERIFY(std::abs(stats[index(DeviceKind::Cpu)].meanUtilization - 0.35) < 1e-6);
    QVERIFY(std::abs(stats[index(DeviceKind::Cpu)].powerKw - 0.4) < 1e-6);
  }

  void detailPanelShowsDevice() {
    DeviceDetailPanel panel;
    panel.setTopology(m_topology);
    QVERIFY(panel.showsEmptyState());
    QVERIFY(panel.displayedText().contains(QStringLiteral("Select a device")));
    panel.setFrame(knownFrame(m_topology));
    panel.setJobNames({{42, QStringLiteral("bert-serve · Inference")}});
    panel.setDevice(5);
    QVERIFY(!panel.showsEmptyState());
    const QString text = panel.displayedText();
    for (const char* part : {"gpu-1, slot 1", "Node state: up", "Kind: GPU", "Model: A100", "312 TFLOPS", "400 W",
                             "40 GiB", "1555 GB/s", "Utilization: 50.0 %", "Memory used: 25.0 %", "Power: 300 W",
                             "Temperature: 71 °C", "Job: #42 bert-serve · Inference"}) {
      QVERIFY2(text.contains(QString::fromUtf8(part)),
               qPrintable(text + QStringLiteral("\nlacks ") + QString::fromUtf8(part)));
    }
    QVERIFY(text.contains(QStringLiteral("Next predicted: —")));
    // The live forecast: the first job predicted on this device is next.
    auto predictions = std::make_shared<QueuePredictions>();
    JobPrediction elsewhere, here, later;
    elsewhere.job = 7, elsewhere.startMs = 60'000, elsewhere.devices = {4};
    here.job = 42, here.startMs = 125'000, here.devices = {5, 6};
    later.job = 43, later.startMs = 3'600'000, later.devices = {5};
    predictions->jobs = {elsewhere, here, later};
    panel.setPredictions(predictions);
    QVERIFY2(panel.displayedText().contains(QStringLiteral("Next predicted: #42 bert-serve · Inference at 0:02:05")),
             qPrintable(panel.displayedText()));
    panel.setDevice(std::nullopt);
    QVERIFY(panel.showsEmptyState());
  }

  void dashboardClickShowsDetails() {
    ClusterDashboard dashboard;
    dashboard.resize(1200, 700);
    dashboard.setTopology(m_topology);
    dashboard.setFrame(knownFrame(m_topology));
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    HeatmapView* view = dashboard.heatmap();
    view->replotNow();
    const QPoint pos = view->plot()->mapFrom(view, view->cellCenter(5).toPoint());
    QTest::mouseClick(view->plot(), Qt::LeftButton, {}, pos);
    QCOMPARE(dashboard.details()->device(), std::optional<int>(5));
    QVERIFY(dashboard.details()->displayedText().contains(QStringLiteral("A100")));
  }

  // The heatmap and the detail panel keep the host's snapshot rather than a
  // copy each, and both show it.
  void dashboardSharesOneFrame() {
    ClusterDashboard dashboard;
    dashboard.setTopology(m_topology);
    dashboard.details()->setDevice(11);
    auto frame = std::make_shared<const Frame>(knownFrame(m_topology));
    dashboard.setFrame(frame);
    QCOMPARE(frame.use_count(), 3);  // ours, the heatmap's, the panel's
    QVERIFY(dashboard.details()->displayedText().contains(QStringLiteral("Utilization: 90.0 %")));
    QVERIFY(dashboard.heatmap()->toolTipFor(11).contains(QStringLiteral("90.0 %")));

    // The reference form still works and drops the previous snapshot.
    Frame next = knownFrame(m_topology);
    next.utilization[11] = 0.3f;
    dashboard.setFrame(next);
    QCOMPARE(frame.use_count(), 1);
    QVERIFY(dashboard.details()->displayedText().contains(QStringLiteral("Utilization: 30.0 %")));
    QVERIFY(dashboard.heatmap()->toolTipFor(11).contains(QStringLiteral("30.0 %")));
  }

  void dashboardMetricSelectorSwitchesHeatmap() {
    ClusterDashboard dashboard;
    dashboard.setTopology(m_topology);
    dashboard.metricSelector()->setCurrentIndex(3);
    QCOMPARE(dashboard.heatmap()->shownMetric(), Metric::Temperature);
    dashboard.setMetric(Metric::Power);
    QCOMPARE(dashboard.metricSelector()->currentText(), colourLabel(Metric::Power));
  }

  // Screenshot for review and the README: HETSCHED_RENDER_DIR=/tmp/x.
  void renderScreenshot() {
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (dir.isEmpty()) QSKIP("set HETSCHED_RENDER_DIR to write dashboard screenshots");
    const Topology topology =
        testing::makeTopology({{DeviceKind::Cpu, 40, 2}, {DeviceKind::Gpu, 20, 8}, {DeviceKind::Tpu, 15, 4}});
    Frame frame = testing::makeFrame(topology, 3);
    frame.nodeUp[7] = 0;
    frame.nodeUp[52] = 0;
    frame.queue.kinds = {{{31, 4}, {18, 9}, {12, 2}}};
    ClusterDashboard dashboard;
    dashboard.resize(1400, 860);
    dashboard.setTopology(topology);
    dashboard.setFrame(frame);
    dashboard.setJobNames({{1045, QStringLiteral("llama-finetune · Training")}});
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    const int selected = static_cast<int>(topology.nodes[45].firstDevice) + 5;
    dashboard.heatmap()->setSelectedDevice(selected);
    dashboard.details()->setDevice(selected);
    const std::pair<Metric, const char*> shots[] = {{Metric::Utilization, "dashboard.png"},
                                                    {Metric::Temperature, "dashboard-temperature.png"}};
    for (const auto& [metric, name] : shots) {
      dashboard.setMetric(metric);
      dashboard.heatmap()->replotNow();
      QVERIFY(dashboard.grab().save(dir + QLatin1Char('/') + QLatin1String(name)));
    }
    dashboard.setMetric(Metric::Utilization);
    dashboard.setStale(true);
    dashboard.heatmap()->replotNow();
    QVERIFY(dashboard.grab().save(dir + QStringLiteral("/dashboard-stale.png")));
  }

  // A wide window with few slots per node left the map pane mostly empty
  // (at 1400 px the map used 590 of 1,060 px); the side panels take what the
  // map cannot use, give it back when the window narrows, and stop following
  // once the operator drags the handle.
  void splitterGivesTheMapsUnusedWidthToTheSide() {
    const Topology topology =
        testing::makeTopology({{DeviceKind::Cpu, 24, 2}, {DeviceKind::Gpu, 28, 8}, {DeviceKind::Tpu, 16, 4}});
    ClusterDashboard dashboard;
    dashboard.resize(1400, 860);
    dashboard.setTopology(topology);
    dashboard.setFrame(testing::makeFrame(topology, 3));
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    auto* splitter = dashboard.findChild<QSplitter*>(QStringLiteral("dashboardSplitter"));
    QVERIFY(splitter);
    const auto mapSurplus = [&] { return splitter->sizes().value(0) - dashboard.heatmap()->usefulWidth(); };
    QTRY_VERIFY2(mapSurplus() <= 40, qPrintable(QString::number(mapSurplus())));
    QVERIFY(splitter->sizes().value(1) > 300);
    dashboard.resize(1100, 860);
    QTRY_VERIFY2(mapSurplus() <= 40, qPrintable(QString::number(mapSurplus())));
    QTRY_VERIFY2(mapSurplus() >= 0 || splitter->sizes().value(1) <= 300, qPrintable(QString::number(mapSurplus())));

    // The operator's drag wins from then on (QSplitter emits splitterMoved
    // only for a drag of the handle, not for setSizes).
    const int total = splitter->sizes().value(0) + splitter->sizes().value(1);
    const int dragged = splitter->sizes().value(0) + 60;
    Q_EMIT splitter->splitterMoved(dragged, 1);
    splitter->setSizes({dragged, total - dragged});
    QCOMPARE(splitter->sizes().value(0), dragged);
    dashboard.resize(1200, 860);
    QCoreApplication::processEvents();
    QVERIFY2(mapSurplus() > 40, qPrintable(QString::number(mapSurplus())));
  }

  // Issue 13: at 1024 px the strip drew "56.0 kW" as "6.0 k" and the window
  // snapped to 1163 px. Now the cards wrap, and no value is narrower than
  // its text.
  void summaryStripWrapsInsteadOfClipping() {
    const Topology topology =
        testing::makeTopology({{DeviceKind::Cpu, 40, 2}, {DeviceKind::Gpu, 60, 8}, {DeviceKind::Tpu, 20, 4}});
    Frame frame = testing::makeFrame(topology, 3);
    std::fill(frame.powerWatts.begin(), frame.powerWatts.end(), 99.0f);
    for (auto& k : frame.queue.kinds) k = {12345, 67890};
    ClusterDashboard dashboard;
    dashboard.setTopology(topology);
    dashboard.setFrame(frame);
    QVERIFY2(dashboard.minimumSizeHint().width() <= 1000,
             qPrintable(QString::number(dashboard.minimumSizeHint().width())));
    dashboard.resize(1000, 650);
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    QTRY_VERIFY(dashboard.summary()->columns() < 3);
    QCoreApplication::processEvents();
    for (QLabel* label : dashboard.summary()->findChildren<QLabel*>()) {
      if (!label->isVisible() || label->text().isEmpty()) continue;
      QVERIFY2(
          label->width() >= label->sizeHint().width(),
          qPrintable(
              QStringLiteral("%1: %2 < %3").arg(label->text()).arg(label->width()).arg(label->sizeHint().width())));
    }
    // Wide again: side by side.
    dashboard.resize(2400, 800);
    QTRY_COMPARE(dashboard.summary()->columns(), 3);
  }

 private:
  Topology m_topology = smallTopology();
};

QTEST_MAIN(TestDashboardPanels)
#include "tst_dashboard_panels.moc"
