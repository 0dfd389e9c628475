// The device history view and its panel: N devices drawn each in its own
// colour where its values are, a legend and a job lane per device, job
// names on hover, both themes; the panel's choice of devices.
#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "synthetic_history.h"
#include "widgets/device_history_panel.h"
#include "widgets/device_history_view.h"
#include "widgets/metric.h"
#include "widgets/theme.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace hetsched;

namespace {

int colourDistance(const QColor& a, const QColor& b) {
  return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

Topology cluster() {
  return testing::makeTopology({{DeviceKind::Cpu, 2, 2}, {DeviceKind::Gpu, 2, 8}, {DeviceKind::Tpu, 1, 4}});
}

std::vector<std::uint32_t> firstDevices(int n) {
  std::vector<std::uint32_t> out;
  out.reserve(n);
  for (int i = 0; i < n; ++i) out.push_back(static_cast<std::uint32_t>(4 + i));  // GPUs
  return out;
}

void show(DeviceHistoryView& view, const Topology& topology, int n, bool wavy) {
  const auto devices = firstDevices(n);
  QStringList names;
  std::vector<double> tdp;
  for (const std::uint32_t d : devices) {
    names << QStringLiteral("gpu · %1").arg(d);
    tdp.push_back(topology.modelOf(d).tdpWatts);
  }
  view.setHistory(testing::makeHistory(topology, devices, wavy), names, tdp);
  view.setJobNames({{5000, QStringLiteral("resnet-train")}});
}

}  // namespace

class TestDeviceHistoryView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void drawsEveryDevice_data() {
    QTest::addColumn<int>("devices");
    QTest::newRow("1") << 1;
    QTest::newRow("3") << 3;
    QTest::newRow("8") << 8;
  }
  void drawsEveryDevice() {
    QFETCH(int, devices);
    const Topology topology = cluster();
    DeviceHistoryView view;
    view.resize(640, 720);
    show(view, topology, devices, false);
    QCOMPARE(view.shownDevices(), devices);
    QCOMPARE(view.deviceNames().size(), devices);
    const QImage image = view.grab().toImage();
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty()) QVERIFY(image.save(dir + QStringLiteral("/history-flat-%1.png").arg(devices)));
    // Device i sits at a steady 10 (i + 1) % utilisation: its colour is on
    // its line in the utilisation chart.
    const QRect chart = view.chartRects().front();
    const int x = chart.center().x();
    for (int i = 0; i < devices; ++i) {
      const double value = 10.0 * (i + 1);
      const int y = static_cast<int>(std::lround(chart.bottom() - (chart.height() - 1) * value / 100.0));
      int best = 1000;
      QString seen;
      for (int dy = -2; dy <= 2; ++dy) {
        const QColor c = image.pixelColor(x, y + dy);
        seen += c.name() + QLatin1Char(' ');
        best = std::min(best, colourDistance(c, view.deviceColor(i)));
      }
      QVERIFY2(best <= 60, qPrintable(QStringLiteral("device %1 not drawn at y %2 (distance %3; %4 for %5)")
                                          .arg(i)
                                          .arg(y)
                                          .arg(best)
                                          .arg(seen, view.deviceColor(i).name())));
      // Its job lane is drawn, in its colour.
      const QRect lane = view.laneRect(i);
      QVERIFY(lane.isValid());
      const QColor laneColour = image.pixelColor(lane.left() + lane.width() / 8, lane.center().y());
      QVERIFY(colourDistance(laneColour, view.deviceColor(i)) <= 30);
    }
    // Four charts, stacked, each below the last.
    const auto charts = view.chartRects();
    QCOMPARE(charts.size(), std::size_t{4});
    for (std::size_t m = 1; m < charts.size(); ++m) QVERIFY(charts[m].top() > charts[m - 1].bottom());
  }

  void hoverNamesTheJobAndTheValues() {
    const Topology topology = cluster();
    DeviceHistoryView view;
    view.resize(640, 720);
    show(view, topology, 2, false);
    const QRect lane = view.laneRect(0);
    const QString job = view.toolTipAt(QPoint(lane.left() + lane.width() / 8, lane.center().y()));
    QVERIFY2(job.contains(QStringLiteral("resnet-train")), qPrintable(job));
    const QString idle = view.toolTipAt(QPoint(lane.right() - 2, lane.center().y()));
    QVERIFY2(!idle.contains(QStringLiteral("resnet-train")), qPrintable(idle));
    const QRect chart = view.chartRects().front();
    const QString values = view.toolTipAt(chart.center());
    QVERIFY2(values.contains(QStringLiteral("gpu · 4: 10 – 10")), qPrintable(values));
  }

  void followsTheDarkTheme() {
    const Topology topology = cluster();
    DeviceHistoryView view;
    view.resize(640, 720);
    view.setPalette(Theme::darkPalette());
    show(view, topology, 8, true);
    const QImage image = view.grab().toImage();
    QVERIFY(image.pixelColor(2, 2).lightness() < 80);
    // The eighth device takes the text colour: light on the dark theme.
    QVERIFY(view.deviceColor(7).lightness() > 150);
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty()) {
      QVERIFY(image.save(dir + QStringLiteral("/history-dark.png")));
      view.setPalette(Theme::lightPalette());
      QVERIFY(view.grab().save(dir + QStringLiteral("/history-light.png")));
    }
  }

  void panelChoosesDevices() {
    const Topology topology = cluster();
    DeviceHistoryPanel panel;
    panel.setTopology(topology);
    QSignalSpy wanted(&panel, &DeviceHistoryPanel::historyWanted);
    QVERIFY(panel.devices().empty());
    panel.setSelectedDevice(5);
    QCOMPARE(panel.devices(), std::vector<std::uint32_t>{5});
    QCOMPARE(wanted.count(), 1);
    panel.addSelected();
    panel.setSelectedDevice(6);
    QCOMPARE(panel.devices(), (std::vector<std::uint32_t>{5, 6}));
    panel.showNode();  // GPU node 1: devices 4..11
    QCOMPARE(panel.devices().size(), std::size_t{8});
    QCOMPARE(panel.devices().front(), 4u);
    // An answer to an earlier question is not shown.
    panel.setHistory(testing::makeHistory(topology, {5, 6}, false));
    QVERIFY(!panel.view()->history());
    panel.setHistory(testing::makeHistory(topology, panel.devices(), false));
    QCOMPARE(panel.view()->shownDevices(), 8);
    QVERIFY(panel.caption().contains(QStringLiteral("1,200")) || panel.caption().contains(QStringLiteral("1200")));
    QVERIFY(panel.deviceName(4).startsWith(QStringLiteral("gpu-1")));
    panel.clear();
    QCOMPARE(panel.devices(), std::vector<std::uint32_t>{6});
  }
};

QTEST_MAIN(TestDeviceHistoryView)
#include "tst_device_history_view.moc"
