#include "synthetic_cluster.h"
#include "widgets/heatmap_view.h"

#include <QTest>

using namespace hetsched;

// setFrame + synchronous replot, the cost of one live update of the heatmap.
// The goal is 16 ms at 100,000 devices on a 1200×800 widget, and at
// 1,000,000 (issue 17).
class BenchHeatmap : public QObject {
  Q_OBJECT

private slots:
  void setFrameAndReplot_data() {
    QTest::addColumn<std::uint32_t>("scale");
    QTest::addColumn<int>("devices");
    // scale s: 20s CPU nodes × 2 + 100s GPU nodes × 8 + 40s TPU nodes × 4.
    QTest::newRow("10k devices") << 10u << 10'000;
    QTest::newRow("100k devices") << 100u << 100'000;
    // Issue 17: a million devices, banded (160,000 node rows into ~750 pixels).
    QTest::newRow("1M devices") << 1000u << 1'000'000;
  }
  void setFrameAndReplot() {
    QFETCH(std::uint32_t, scale);
    QFETCH(int, devices);
    const Topology topology = testing::makeTopology({{DeviceKind::Cpu, 20 * scale, 2},
                                                     {DeviceKind::Gpu, 100 * scale, 8},
                                                     {DeviceKind::Tpu, 40 * scale, 4}});
    QCOMPARE(static_cast<int>(topology.devices.size()), devices);
    // Two frames alternated so every iteration really changes every cell.
    const Frame frames[2] = {testing::makeFrame(topology, 1), testing::makeFrame(topology, 2)};
    HeatmapView view;
    view.resize(1200, 800);
    view.setTopology(topology);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setFrame(frames[0]);
    view.replotNow();
    std::size_t i = 1;
    QBENCHMARK {
      view.setFrame(frames[i++ & 1]);
      view.replotNow();
    }
    // What an operator sees at this scale: HETSCHED_RENDER_DIR=/tmp/x.
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty())
      QVERIFY(view.grab().save(dir + QStringLiteral("/heatmap-%1.png").arg(devices)));
  }
};

QTEST_MAIN(BenchHeatmap)
#include "bench_heatmap.moc"
