#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "widgets/color_gradients.h"
#include "widgets/heatmap_bands.h"
#include "widgets/heatmap_layout.h"
#include "widgets/heatmap_view.h"
#include "widgets/metric.h"

#include <QHelpEvent>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

// 2 CPU nodes × 2, 1 GPU node × 8, 1 TPU node × 4: rows cpu-1, cpu-2, gpu-1,
// tpu-1; devices 0-3 CPU, 4-11 GPU, 12-15 TPU.
Topology smallTopology() {
  return testing::makeTopology({{DeviceKind::Cpu, 2, 2}, {DeviceKind::Gpu, 1, 8}, {DeviceKind::Tpu, 1, 4}});
}

// Distinct values per device so a wrong cell shows up as a wrong colour.
Frame knownFrame(const Topology& topology) {
  Frame frame;
  frame.resize(topology.devices.size(), topology.nodes.size());
  for (std::size_t d = 0; d < topology.devices.size(); ++d) {
    frame.utilization[d] = static_cast<float>(d) / 15.0f;
    frame.memoryUsed[d] = 1.0f - static_cast<float>(d) / 15.0f;
    frame.powerWatts[d] = 20.0f * static_cast<float>(d);
    frame.temperatureC[d] = 90.0f - 4.0f * static_cast<float>(d);
    frame.job[d] = d % 3 == 0 ? 0 : 40 + d;
  }
  return frame;
}

int colourDistance(QColor a, QColor b) {
  return std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()), std::abs(a.blue() - b.blue())});
}

// The bench's 100,000-device cluster: 2,000 CPU nodes × 2, 10,000 GPU × 8,
// 4,000 TPU × 4, i.e. 16,000 rows, far more than the plot has pixels.
Topology largeTopology() {
  return testing::makeTopology({{DeviceKind::Cpu, 2000, 2}, {DeviceKind::Gpu, 10000, 8}, {DeviceKind::Tpu, 4000, 4}});
}

// Everything at 10 % but one device at 100 %.
Frame oneHotFrame(const Topology& topology, std::size_t hot) {
  Frame frame;
  frame.resize(topology.devices.size(), topology.nodes.size());
  std::fill(frame.utilization.begin(), frame.utilization.end(), 0.1f);
  frame.utilization[hot] = 1.0f;
  return frame;
}

// Pixels of the plot's axis rect that show `colour`, in widget coordinates.
std::vector<QPoint> pixelsOf(const HeatmapView& view, const QImage& image, QColor colour) {
  std::vector<QPoint> found;
  const QRect area = view.plot()->axisRect()->rect().translated(view.plot()->mapTo(&view, QPoint(0, 0)));
  for (int y = area.top(); y <= area.bottom(); ++y) {
    for (int x = area.left(); x <= area.right(); ++x) {
      if (colourDistance(image.pixelColor(x, y), colour) <= 2) found.emplace_back(x, y);
    }
  }
  return found;
}

}  // namespace

class TestHeatmapView : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() {
    m_view = std::make_unique<HeatmapView>();
    m_view->resize(640, 360);
    m_view->setTopology(m_topology);
    m_view->setFrame(knownFrame(m_topology));
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    m_view->replotNow();
  }
  void cleanup() { m_view.reset(); }

  void pixelMatchesGradient_data() {
    QTest::addColumn<int>("device");
    QTest::addColumn<Metric>("metric");
    for (const Metric metric : kMetrics) {
      for (const int device : {0, 3, 4, 11, 12, 15}) {
        QTest::addRow("%s/device%d", qPrintable(metricName(metric)), device) << device << metric;
      }
    }
  }
  void pixelMatchesGradient() {
    QFETCH(int, device);
    QFETCH(Metric, metric);
    m_view->setMetric(metric);
    m_view->replotNow();
    const QImage image = m_view->grab().toImage();
    // The centre, as the plot's own coordinate transforms put it.
    const QPoint centre = m_view->cellCenter(device).toPoint();
    const QColor expected = m_view->cellColor(device);
    const QColor actual = image.pixelColor(centre);
    QVERIFY2(
        colourDistance(actual, expected) <= 2,
        qPrintable(QStringLiteral("device %1: got %2, expected %3").arg(device).arg(actual.name(), expected.name())));
    // The value behind the colour is the device's, in display units.
    const MetricRange range = metricRange(metric, m_topology);
    const Frame frame = knownFrame(m_topology);
    const QColor fromValue =
        QColor::fromRgba(gradientColor(metric, colourValue(frame, m_topology, device, metric), range));
    QVERIFY(colourDistance(actual, fromValue) <= 2);
  }

  // Power is coloured against each device's own TDP: a 150 W CPU and a 400 W
  // GPU both at their limit are equally hot, and a GPU drawing the CPU's
  // 150 W is cooler than that CPU (scaled to the hungriest model, every CPU
  // stayed below 40 % of the scale and looked idle).
  void powerIsColouredAgainstEachDevicesOwnTdp() {
    Frame frame = knownFrame(m_topology);
    frame.powerWatts[0] = static_cast<float>(m_topology.modelOf(0).tdpWatts);
    frame.powerWatts[4] = static_cast<float>(m_topology.modelOf(4).tdpWatts);
    frame.powerWatts[5] = frame.powerWatts[0];
    m_view->setFrame(frame);
    m_view->setMetric(Metric::Power);
    m_view->replotNow();
    QVERIFY(m_topology.modelOf(0).tdpWatts < m_topology.modelOf(4).tdpWatts);
    QCOMPARE(colourValue(frame, m_topology, 0, Metric::Power), 100.0);
    QVERIFY(colourDistance(m_view->cellColor(0), m_view->cellColor(4)) <= 2);
    QVERIFY(colourDistance(m_view->cellColor(0), m_view->cellColor(5)) > 40);
    QCOMPARE(colourLabel(Metric::Power), QStringLiteral("Power (% of TDP)"));
  }

  // The benchmark times setFrame + replotNow; this proves that pair repaints.
  void newFrameRepaintsCells() {
    const QPoint centre = m_view->cellCenter(7).toPoint();
    const QColor before = m_view->grab().toImage().pixelColor(centre);
    Frame frame = knownFrame(m_topology);
    frame.utilization[7] = 1.0f;
    m_view->setFrame(frame);
    m_view->replotNow();
    const QColor after = m_view->grab().toImage().pixelColor(centre);
    QVERIFY(colourDistance(before, after) > 40);
    QVERIFY(colourDistance(after, m_view->cellColor(7)) <= 2);
  }

  void distinctValuesGiveDistinctColours() {
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.pixelColor(m_view->cellCenter(0).toPoint()) != image.pixelColor(m_view->cellCenter(15).toPoint()));
  }

  void metricSwitchChangesColours() {
    const QPoint centre = m_view->cellCenter(4).toPoint();
    const QColor before = m_view->grab().toImage().pixelColor(centre);
    m_view->setMetric(Metric::Memory);
    m_view->replotNow();
    const QColor after = m_view->grab().toImage().pixelColor(centre);
    QVERIFY(colourDistance(before, after) > 20);
  }

  void missingSlotIsBackground() {
    const QImage image = m_view->grab().toImage();
    const QColor background = m_view->plot()->axisRect()->backgroundBrush().color();
    // cpu-1 (row 0) has slots 0-1 only; tpu-1 (row 3) has 0-3.
    for (const auto& [slot, row] : {std::pair{5.0, 0.0}, {7.0, 1.0}, {6.0, 3.0}}) {
      const QPoint p(qRound(m_view->plot()->xAxis->coordToPixel(slot)),
                     qRound(m_view->plot()->yAxis->coordToPixel(row)));
      QCOMPARE(image.pixelColor(p), background);
      QVERIFY(!m_view->deviceAt(p));
    }
  }

  void deviceAtMapsCells_data() {
    QTest::addColumn<int>("device");
    for (int d = 0; d < 16; ++d) QTest::addRow("device%d", d) << d;
  }
  void deviceAtMapsCells() {
    QFETCH(int, device);
    const QPointF centre = m_view->cellCenter(device);
    const double cellWidth = m_view->plot()->xAxis->coordToPixel(1) - m_view->plot()->xAxis->coordToPixel(0);
    const double cellHeight = std::abs(m_view->plot()->yAxis->coordToPixel(1) - m_view->plot()->yAxis->coordToPixel(0));
    for (const double dx : {-0.4, 0.0, 0.4}) {
      for (const double dy : {-0.4, 0.0, 0.4}) {
        const QPoint p = (centre + QPointF(dx * cellWidth, dy * cellHeight)).toPoint();
        QCOMPARE(m_view->deviceAt(p), std::optional<int>(device));
      }
    }
  }

  void deviceAtOutsideMapIsNothing() {
    QVERIFY(!m_view->deviceAt(QPoint(1, 1)));
    QVERIFY(!m_view->deviceAt(QPoint(m_view->width() - 2, m_view->height() / 2)));
  }

  void clickSelectsDevice_data() {
    QTest::addColumn<int>("device");
    QTest::newRow("cpu-2 slot 1") << 3;
    QTest::newRow("gpu-1 slot 7") << 11;
    QTest::newRow("tpu-1 slot 0") << 12;
  }
  void clickSelectsDevice() {
    QFETCH(int, device);
    QSignalSpy spy(m_view.get(), &HeatmapView::deviceSelected);
    const QPoint pos = m_view->plot()->mapFrom(m_view.get(), m_view->cellCenter(device).toPoint());
    QTest::mouseClick(m_view->plot(), Qt::LeftButton, {}, pos);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), device);
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(device));
  }

  void clickOnEmptySlotSelectsNothing() {
    QSignalSpy spy(m_view.get(), &HeatmapView::deviceSelected);
    const QPoint pos(qRound(m_view->plot()->xAxis->coordToPixel(6)), qRound(m_view->plot()->yAxis->coordToPixel(0)));
    QTest::mouseClick(m_view->plot(), Qt::LeftButton, {}, pos);
    QCOMPARE(spy.count(), 0);
  }

  void selectionIsDrawn() {
    const QImage before = m_view->grab().toImage();
    m_view->setSelectedDevice(5);
    m_view->replotNow();
    const QImage after = m_view->grab().toImage();
    // The frame sits on the cell border; the centre keeps the value colour.
    const QPointF centre = m_view->cellCenter(5);
    const double halfWidth = (m_view->plot()->xAxis->coordToPixel(1) - m_view->plot()->xAxis->coordToPixel(0)) / 2;
    const QPoint border = (centre - QPointF(halfWidth, 0)).toPoint();
    QVERIFY(before.pixelColor(border) != after.pixelColor(border));
    QCOMPARE(after.pixelColor(centre.toPoint()), before.pixelColor(centre.toPoint()));
  }

  void toolTipDescribesDevice() {
    m_view->setJobNames({{41, QStringLiteral("resnet50-train · Training")}});
    const QString text = m_view->toolTipFor(1);
    for (const char* part :
         {"cpu-1", "slot 1", "Xeon", "6.7 %", "93.3 %", "20 W", "86 °C", "#41 resnet50-train · Training"}) {
      QVERIFY2(text.contains(QString::fromUtf8(part)),
               qPrintable(text + QStringLiteral(" lacks ") + QString::fromUtf8(part)));
    }
    QVERIFY(m_view->toolTipFor(0).contains(QStringLiteral("idle")));
  }

  void hoverShowsToolTip() {
    const QPoint pos = m_view->plot()->mapFrom(m_view.get(), m_view->cellCenter(12).toPoint());
    QHelpEvent event(QEvent::ToolTip, pos, m_view->plot()->mapToGlobal(pos));
    QCoreApplication::sendEvent(m_view->plot(), &event);
    QTRY_COMPARE(QToolTip::text(), m_view->toolTipFor(12));
  }

  void downNodeIsMarked() {
    const QPoint centre = m_view->cellCenter(6).toPoint();
    const QColor up = m_view->grab().toImage().pixelColor(centre);
    Frame frame = knownFrame(m_topology);
    frame.nodeUp[2] = 0;  // gpu-1
    m_view->setFrame(frame);
    m_view->replotNow();
    const QColor down = m_view->grab().toImage().pixelColor(centre);
    QVERIFY(colourDistance(up, down) > 40);
    QVERIFY(m_view->toolTipFor(6).contains(QStringLiteral("DOWN")));
  }

  void staleDesaturates() {
    m_view->setStale(true);
    m_view->replotNow();
    const QColor stale = m_view->grab().toImage().pixelColor(m_view->cellCenter(15).toPoint());
    QVERIFY2(stale.hsvSaturation() < 10, qPrintable(stale.name()));
    m_view->setStale(false);
    m_view->replotNow();
    const QColor live = m_view->grab().toImage().pixelColor(m_view->cellCenter(15).toPoint());
    QVERIFY(live.hsvSaturation() > 60);
  }

  void emptyTopologyIsHarmless() {
    m_view->setTopology(Topology{});
    m_view->setFrame(Frame{});
    m_view->replotNow();
    QVERIFY(!m_view->deviceAt(QPoint(m_view->width() / 2, m_view->height() / 2)));
    QVERIFY(!m_view->selectedDevice());
  }

  void mismatchedFrameIsIgnored() {
    Frame wrong;
    wrong.resize(3, 1);
    const QColor before = m_view->cellColor(4);
    m_view->setFrame(wrong);
    QCOMPARE(m_view->cellColor(4), before);
  }

  // Bands never mix groups, keep a slot NaN only where no row has it, and
  // carry the maximum and the device it came from.
  void bandsAggregateWithinGroups() {
    // GPU group: gpu-1..3 with 8 slots, gpu-4..6 with 4; then tpu-1..2.
    const Topology topology =
        testing::makeTopology({{DeviceKind::Gpu, 3, 8}, {DeviceKind::Gpu, 3, 4}, {DeviceKind::Tpu, 2, 4}});
    HeatmapLayout layout;
    layout.rebuild(topology);
    HeatmapBands bands;
    bands.rebuild(topology, layout, 4);  // 8 rows into 4 pixels: 2 rows a band
    QCOMPARE(bands.rowsPerBand(), 2);
    QCOMPARE(bands.bandCount(), 4);  // GPU 0-1, 2-3, 4-5; TPU 6-7
    QCOMPARE(bands.groups().size(), std::size_t{2});
    QCOMPARE(bands.groups()[1].firstBand, 3);
    QCOMPARE(bands.firstRow(3), 6);
    QCOMPARE(bands.lastRow(2), 5);

    std::vector<float> values(topology.devices.size(), 0.25f);
    values[8 + 6] = 0.5f;   // gpu-2 slot 6
    values[24 + 1] = 0.75f; // gpu-4 slot 1, in the band with gpu-3
    bands.aggregate(values, 100.0);
    QCOMPARE(bands.value(0, 6), 50.0);
    QCOMPARE(bands.deviceAt(0, 6), std::optional<int>(14));
    QCOMPARE(bands.value(1, 1), 75.0);
    QCOMPARE(bands.deviceAt(1, 1), std::optional<int>(25));
    QCOMPARE(bands.value(0, 0), 25.0);
    QCOMPARE(bands.deviceAt(0, 0), std::optional<int>(0));  // tie: the upper row
    // Band 1 mixes gpu-3 (8 slots) and gpu-4 (4 slots): slot 7 is gpu-3's.
    QCOMPARE(bands.value(1, 7), 25.0);
    QCOMPARE(bands.deviceAt(1, 7), std::optional<int>(23));
    // Band 2 is gpu-5 and gpu-6, both without slots 4-7.
    QVERIFY(std::isnan(bands.value(2, 5)));
    QVERIFY(!bands.deviceAt(2, 5));
    QVERIFY(std::isnan(bands.value(3, 4)));

    bands.rebuild(topology, layout, 8);  // fits: one band per row
    QVERIFY(!bands.aggregated());
    QCOMPARE(bands.bandCount(), 8);
  }

  // 100,000 devices at a fixed size: the one hot device is drawn in its band,
  // hover names it and a click selects it, also after a resize.
  void hotDeviceVisibleAt100k() {
    const Topology topology = largeTopology();
    QCOMPARE(topology.devices.size(), std::size_t{100'000});
    // gpu-5004 (row 7003), slot 5: not the first row of its band, so plain
    // row sampling would not have shown it.
    const std::size_t hotNode = 2000 + 5003;
    const int hot = static_cast<int>(topology.nodes[hotNode].firstDevice) + 5;
    HeatmapView view;
    view.resize(1200, 800);
    view.setTopology(topology);
    view.setFrame(oneHotFrame(topology, static_cast<std::size_t>(hot)));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    for (const QSize size : {QSize(1200, 800), QSize(900, 450)}) {
      view.resize(size);
      view.replotNow();
      const int pixelRows = view.plot()->axisRect()->height();
      const HeatmapBands& bands = view.bands();
      QVERIFY(bands.aggregated());
      QVERIFY2(bands.bandCount() <= pixelRows,
               qPrintable(QStringLiteral("%1 bands, %2 px").arg(bands.bandCount()).arg(pixelRows)));
      const int band = bands.bandOfRow(7003);
      QVERIFY(bands.firstRow(band) <= 7003 && 7003 <= bands.lastRow(band));
      QVERIFY(bands.firstRow(band) < 7003);

      // The pixel band that holds row 7003: its cell in slot 5.
      const QCPAxis* x = view.plot()->xAxis;
      const QCPAxis* y = view.plot()->yAxis;
      const QPoint offset = view.plot()->mapTo(&view, QPoint(0, 0));
      const QRectF cell = QRectF(QPointF(x->coordToPixel(4.5), y->coordToPixel(band - 0.5)),
                                 QPointF(x->coordToPixel(5.5), y->coordToPixel(band + 0.5)))
                              .normalized()
                              .translated(offset)
                              .adjusted(-1, -1, 1, 1);
      const QColor hotColour = view.cellColor(hot);
      QVERIFY(colourDistance(hotColour, QColor::fromRgba(gradientColor(Metric::Utilization, 100.0, {0.0, 100.0}))) <=
              2);
      const QImage image = view.grab().toImage();
      // What an operator sees: HETSCHED_RENDER_DIR=/tmp/x.
      const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
      if (!dir.isEmpty())
        QVERIFY(
            image.save(dir + QStringLiteral("/heatmap-100000-one-hot-%1x%2.png").arg(size.width()).arg(size.height())));
      const std::vector<QPoint> hotPixels = pixelsOf(view, image, hotColour);
      QVERIFY(!hotPixels.empty());
      for (const QPoint p : hotPixels) {
        QVERIFY2(cell.contains(p),
                 qPrintable(QStringLiteral("hot pixel at %1,%2 outside the band").arg(p.x()).arg(p.y())));
      }

      const QPoint centre = view.cellCenter(hot).toPoint();
      QVERIFY(cell.contains(centre));
      QCOMPARE(view.deviceAt(centre), std::optional<int>(hot));
      const QPoint plotPos = view.plot()->mapFrom(&view, centre);
      QHelpEvent event(QEvent::ToolTip, plotPos, view.plot()->mapToGlobal(plotPos));
      QCoreApplication::sendEvent(view.plot(), &event);
      QTRY_VERIFY(QToolTip::text().startsWith(QStringLiteral("gpu-5004 · slot 5 (GPU)")));
      QVERIFY2(QToolTip::text().contains(QStringLiteral("100.0 %")), qPrintable(QToolTip::text()));
      QCOMPARE(QToolTip::text(), view.toolTipFor(hot));
      QToolTip::hideText();

      QSignalSpy spy(&view, &HeatmapView::deviceSelected);
      QTest::mouseClick(view.plot(), Qt::LeftButton, {}, plotPos);
      QCOMPARE(spy.count(), 1);
      QCOMPARE(spy.at(0).at(0).toInt(), hot);
      view.setSelectedDevice(std::nullopt);
    }
  }

  // Issue 13: at 2560×1440 a few nodes became bars hundreds of pixels tall
  // and wide; cells now stop at a sensible size and keep their aspect.
  void cellsKeepASensibleAspectOnBigScreens() {
    HeatmapView view;
    view.resize(2300, 1300);
    view.setTopology(m_topology);
    view.setFrame(knownFrame(m_topology));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QTRY_VERIFY(view.plot()->width() < view.width());  // settles after the first layout
    view.replotNow();
    const double cellH = std::abs(view.plot()->yAxis->coordToPixel(1) - view.plot()->yAxis->coordToPixel(0));
    const double cellW = std::abs(view.plot()->xAxis->coordToPixel(1) - view.plot()->xAxis->coordToPixel(0));
    QVERIFY2(cellH <= 40 && cellH >= 8, qPrintable(QString::number(cellH)));
    QVERIFY2(cellW <= 4.5 * cellH, qPrintable(QStringLiteral("%1 x %2").arg(cellW).arg(cellH)));
  }

  // Issue 13: heatmap rows had no node names.
  void rowsAreNamedByNode() {
    m_view->resize(640, 400);
    m_view->replotNow();
    QTRY_VERIFY(m_view->showsNodeNames());
    const auto labels = qSharedPointerCast<QCPAxisTickerText>(m_view->plot()->yAxis->ticker())->ticks();
    QStringList names;
    for (const QString& label : labels) names << label;
    for (const char* node : {"cpu-1", "cpu-2", "gpu-1", "tpu-1"})
      QVERIFY2(names.contains(QString::fromLatin1(node)), qPrintable(names.join(QLatin1Char(','))));
    // The groups move to the right-hand axis.
    QVERIFY(m_view->plot()->yAxis2->visible());
    // Rows thinner than a line of text: the groups label them, no names.
    HeatmapView large;
    large.resize(640, 360);
    large.setTopology(largeTopology());
    large.show();
    QVERIFY(QTest::qWaitForWindowExposed(&large));
    large.replotNow();
    QVERIFY(!large.showsNodeNames());
  }

  // Issue 13: the arrow keys did not move the selection.
  void arrowKeysMoveTheSelection() {
    QSignalSpy selected(m_view.get(), &HeatmapView::deviceSelected);
    m_view->setFocus();
    QTest::keyClick(m_view.get(), Qt::Key_Right);  // nothing selected: the first device
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(0));
    QTest::keyClick(m_view.get(), Qt::Key_Right);
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(1));
    QTest::keyClick(m_view.get(), Qt::Key_Right);  // end of cpu-1: on to cpu-2
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(2));
    QTest::keyClick(m_view.get(), Qt::Key_Down);  // gpu-1, same slot
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(4));
    QTest::keyClick(m_view.get(), Qt::Key_End);
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(11));
    QTest::keyClick(m_view.get(), Qt::Key_Down);  // tpu-1 has 4 slots: its last
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(15));
    QTest::keyClick(m_view.get(), Qt::Key_Down);  // the last row: stays
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(15));
    QTest::keyClick(m_view.get(), Qt::Key_Home);
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(12));
    QTest::keyClick(m_view.get(), Qt::Key_Left);  // back to the end of gpu-1
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(11));
    QTest::keyClick(m_view.get(), Qt::Key_Up);
    QCOMPARE(m_view->selectedDevice(), std::optional<int>(3));
    QCOMPARE(selected.size(), 9);
  }

 private:
  static QRgb gradientColor(Metric metric, double value, MetricRange range) {
    return gradientFor(metric).color(value, QCPRange(range.lower, range.upper));
  }

  Topology m_topology = smallTopology();
  std::unique_ptr<HeatmapView> m_view;
};

QTEST_MAIN(TestHeatmapView)
#include "tst_heatmap_view.moc"
