#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "synthetic_history.h"
#include "widgets/device_history_view.h"
#include "widgets/heatmap_view.h"

#include <QImage>
#include <QPainter>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <vector>

using namespace hetsched;

// The device history's goal: a 1-hour, 8-device overlay drawn in 30 ms
// (issue 14). Beside it, in the same run, the heatmap's setFrame + replot
// at 10,000 devices (bench_heatmap's row) as the baseline.
class BenchDeviceHistory : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void historyOverlay_data() {
    QTest::addColumn<int>("devices");
    QTest::newRow("1 device, 1 h") << 1;
    QTest::newRow("8 devices, 1 h") << 8;
  }
  void historyOverlay() {
    QFETCH(int, devices);
    const Topology topology = testing::makeTopology({{DeviceKind::Gpu, 2, 8}});
    std::vector<std::uint32_t> shown;
    QStringList names;
    std::vector<double> tdp;
    for (int i = 0; i < devices; ++i) {
      shown.push_back(static_cast<std::uint32_t>(i));
      names << QStringLiteral("gpu-1 · GPU %1").arg(i);
      tdp.push_back(topology.modelOf(static_cast<std::size_t>(i)).tdpWatts);
    }
    DeviceHistoryView view;
    view.resize(900, 700);
    view.setHistory(testing::makeHistory(topology, shown, true), names, tdp);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    QBENCHMARK { view.render(&image); }
    QCOMPARE(view.shownDevices(), devices);
  }

  void heatmapBaseline() {
    const Topology topology =
        testing::makeTopology({{DeviceKind::Cpu, 200, 2}, {DeviceKind::Gpu, 1000, 8}, {DeviceKind::Tpu, 400, 4}});
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
  }
};

QTEST_MAIN(BenchDeviceHistory)
#include "bench_device_history.moc"
