#include "heatmap_view.h"

#include "base/model/frame.h"
#include "base/model/topology.h"
#include "color_gradients.h"
#include "device_teams.h"
#include "device_text.h"
#include "heatmap_overlay.h"
#include "metric.h"
#include "qcustomplot_include.h"
#include "theme.h"

#include <QLocale>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched {

namespace {
// QCPColorMap cannot size a cell along an axis with a single cell, so the grid
// always has at least two; the spare one stays NaN and outside the axis range.
constexpr int kMinCells = 2;
// A few nodes on a big screen would otherwise be drawn as bars a hundred
// pixels tall and several hundred wide: cells stop growing at this height
// and at this width-to-height ratio, and the map keeps to the top left.
constexpr int kMaxRowPx = 32;
constexpr double kMaxCellAspect = 6.0;
constexpr int kMinCellCapPx = 48;   // thin rows still get cells wide enough to hit
constexpr int kMaxCellWidthPx = 140;

// "Grey cell = no device in slot", in either palette.
QColor emptySlotColor(const QPalette& palette) {
  return Theme::isDark(palette) ? QColor(0x48, 0x4B, 0x50) : QColor(0xE4, 0xE4, 0xE4);
}
}  // namespace

HeatmapView::HeatmapView(QWidget* parent)
    : QWidget(parent),
      m_plot(new QCustomPlot(this)),
      m_map(new QCPColorMap(m_plot->xAxis, m_plot->yAxis)),
      m_scale(new QCPColorScale(m_plot)),
      m_overlay(new HeatmapOverlay(m_plot, m_plot->axisRect())),
      m_staleLabel(new QCPItemText(m_plot)) {
  // Placed by updateSizeLimit(), not a layout: top left, no larger than
  // sensible cells need.
  setMinimumSize(320, 200);
  setFocusPolicy(Qt::StrongFocus);
  m_plot->setFocusPolicy(Qt::ClickFocus);
  m_plot->setFocusProxy(this);
  setAccessibleName(tr("Device heatmap"));
  setAccessibleDescription(tr("One row per node, one column per device slot; arrow keys move the selection"));

  m_plot->setMouseTracking(true);
  m_plot->installEventFilter(this);
  m_plot->setInteractions(QCP::Interactions());
  m_plot->xAxis->setLabel(tr("Device slot"));
  m_plot->xAxis->grid()->setVisible(false);
  m_plot->yAxis->grid()->setVisible(false);
  m_plot->yAxis->setRangeReversed(true);  // first group on top, like a rack list
  m_plot->yAxis->setSubTicks(false);
  m_plot->yAxis->setTickLength(0, 4);
  m_plot->xAxis->setSubTicks(false);
  m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
  m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
  // The device-kind groups, on the right, when node names take the left.
  m_plot->yAxis2->setTicker(QSharedPointer<QCPAxisTickerText>::create());
  m_plot->yAxis2->setRangeReversed(true);
  m_plot->yAxis2->setSubTicks(false);
  m_plot->yAxis2->setTickLength(0, 0);
  m_plot->yAxis2->setBasePen(Qt::NoPen);
  m_plot->yAxis2->grid()->setVisible(false);

  m_plot->plotLayout()->addElement(0, 1, m_scale);
  m_scale->setType(QCPAxis::atRight);
  m_scale->setBarWidth(14);
  m_map->setColorScale(m_scale);
  m_numberTicker = m_scale->axis()->ticker();
  m_map->setInterpolate(false);  // cells are discrete devices, not samples
  m_map->setTightBoundary(false);
  // Keep the colour bar exactly as tall as the map.
  auto* margins = new QCPMarginGroup(m_plot);
  m_plot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
  m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

  m_plot->addLayer(QStringLiteral("marks"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
  m_overlay->setLayer(QStringLiteral("marks"));

  m_staleLabel->setLayer(QStringLiteral("marks"));
  m_staleLabel->setClipToAxisRect(false);
  m_staleLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
  m_staleLabel->position->setCoords(0.5, 0.5);
  m_staleLabel->setPositionAlignment(Qt::AlignCenter);
  m_staleLabel->setText(tr("STALE — connection lost, showing the last frame"));
  m_staleLabel->setColor(Qt::white);
  m_staleLabel->setBrush(QColor(150, 30, 30, 220));
  m_staleLabel->setPadding(QMargins(10, 6, 10, 6));
  QFont bold = m_staleLabel->font();
  bold.setBold(true);
  m_staleLabel->setFont(bold);
  m_staleLabel->setVisible(false);

  connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapView::onPlotPress);
  connect(m_plot, &QCustomPlot::mouseDoubleClick, this, &HeatmapView::onPlotDoubleClick);
  connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapView::onPlotLayout);
  applyMetricStyle();
  applyPalette();
}

void HeatmapView::applyPalette() {
  stylePlot(m_plot, palette());
  m_plot->axisRect()->setBackground(emptySlotColor(palette()));
  m_plot->yAxis2->setBasePen(Qt::NoPen);
  if (m_metric == Metric::Team) applyMetricStyle();  // idle's grey follows the theme
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) applyPalette();
  if (event->type() == QEvent::FontChange) updateRowLabels();
}

void HeatmapView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  updateSizeLimit();
}

void HeatmapView::updateSizeLimit() {
  const int rows = std::max(m_layout.rowCount(), 1);
  const int columns = std::max(m_layout.columnCount(), 1);
  // Room the axes, labels and colour bar take, from the last layout (a
  // guess before the first).
  const QCPAxisRect* rect = m_plot->axisRect();
  const int marginW = rect->width() > 0 ? m_plot->width() - rect->width() : 160;
  const int marginH = rect->height() > 0 ? m_plot->height() - rect->height() : 60;
  const int rowPx = std::min(kMaxRowPx, std::max(1, (height() - marginH) / rows));
  const int maxH = rows * kMaxRowPx + marginH;
  const int cellW = std::clamp(static_cast<int>(kMaxCellAspect * rowPx), kMinCellCapPx, kMaxCellWidthPx);
  const int maxW = columns * cellW + marginW;
  if (const int useful = std::max(maxW, minimumWidth()); useful != m_usefulWidth) {
    m_usefulWidth = useful;
    Q_EMIT usefulWidthChanged(useful);
  }
  const QRect geometry(0, 0, std::min(width(), std::max(maxW, minimumWidth())),
                       std::min(height(), std::max(maxH, minimumHeight())));
  if (m_plot->geometry() != geometry) m_plot->setGeometry(geometry);
}

void HeatmapView::setTopology(const Topology& topology) { setTopology(std::make_shared<const Topology>(topology)); }

void HeatmapView::setTopology(std::shared_ptr<const Topology> topology) {
  if (!topology) return;
  m_topology = std::move(topology);
  m_mig = MigLayout::of(*m_topology);
  m_layout.rebuild(*m_topology);
  const int columns = m_layout.columnCount();
  m_plot->xAxis->setRange(-0.5, std::max(columns, 1) - 0.5);

  // Every slot labelled: operators count slots, and nodes have at most a few
  // dozen devices, so the labels always fit.
  auto xTicker = qSharedPointerCast<QCPAxisTickerText>(m_plot->xAxis->ticker());
  xTicker->clear();
  const int labelStep = columns > 32 ? (columns + 31) / 32 : 1;
  for (int slot = 0; slot < columns; slot += labelStep) xTicker->addTick(slot, QString::number(slot));

  if (m_selected && static_cast<std::size_t>(*m_selected) >= m_topology->devices.size()) m_selected.reset();
  if (m_frame && !frameMatches(*m_topology, *m_frame)) m_frame.reset();
  if (m_allocation && m_allocation->deviceCount() != m_topology->devices.size()) m_allocation.reset();
  if (m_teams && m_teams->deviceCount() != m_topology->devices.size()) m_teams.reset();
  m_inverseTdp = inverseTdp(*m_topology);  // power is coloured against each device's own TDP
  applyMetricStyle();
  // Height of the last layout; 0 before the first, which means one band per
  // row until onPlotLayout knows better.
  m_pixelRows = m_plot->axisRect()->height();
  rebuildBands();
  updateSizeLimit();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::rebuildBands() {
  m_bands.rebuild(*m_topology, m_layout, m_pixelRows);
  const int bands = m_bands.bandCount();
  const int cellsX = std::max(m_bands.columnCount(), kMinCells);
  const int cellsY = std::max(bands, kMinCells);
  m_map->data()->setSize(cellsX, cellsY);
  m_map->data()->setRange(QCPRange(0, cellsX - 1), QCPRange(0, cellsY - 1));
  m_map->data()->fill(std::numeric_limits<double>::quiet_NaN());
  // The value axis counts bands; with one row per band that is rows, as before.
  m_plot->yAxis->setRange(-0.5, std::max(bands, 1) - 0.5);

  m_plot->yAxis2->setRange(m_plot->yAxis->range());
  std::vector<int> separators;
  for (const HeatmapBands::Group& group : m_bands.groups())
    if (group.firstBand > 0) separators.push_back(group.firstBand);
  m_overlay->setSeparators(std::move(separators));
  updateRowLabels();
  m_downRows.assign(static_cast<std::size_t>(bands), 0);
  m_overlay->setDownRows(m_downRows);
  fillCells();
  updateSelectionMark();
  updateShareMarks();
  updatePartitionMarks();
  updateHighlights();
  updateFilterMask();
}

void HeatmapView::onPlotLayout() {
  // Runs inside every replot, after the layout and before drawing: the one
  // place where the axis rect's final height is known, resizes included.
  const int pixelRows = m_plot->axisRect()->height();
  if (pixelRows == m_pixelRows) return;
  m_pixelRows = pixelRows;
  // Not from inside the replot: resizing the plot there would start another.
  QMetaObject::invokeMethod(this, &HeatmapView::updateSizeLimit, Qt::QueuedConnection);
  // The team names on the colour bar are thinned to its height.
  const bool team = m_metric == Metric::Team;
  if (team) applyTeamStyle();
  const bool fits = m_layout.rowCount() <= pixelRows;
  const bool names = m_nodeNames;
  if (fits && !m_bands.aggregated()) {
    // One row per band either way; the labels may change with the height.
    updateRowLabels();
    if (names == m_nodeNames && !team) return;
  } else {
    rebuildBands();
  }
  // The axes computed their ticks for the old bands (or team labels); lay
  // out once more (the height does not depend on the value axis, so this
  // settles).
  for (const auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
    m_plot->plotLayout()->update(phase);
}

void HeatmapView::updateRowLabels() {
  const int rows = std::max(m_bands.bandCount(), 1);
  const int rectHeight = m_plot->axisRect()->height() > 0 ? m_plot->axisRect()->height() : m_pixelRows;
  m_nodeNames = !m_bands.aggregated() && m_layout.rowCount() > 0 && rectHeight / rows >= fontMetrics().height();
  auto left = qSharedPointerCast<QCPAxisTickerText>(m_plot->yAxis->ticker());
  auto right = qSharedPointerCast<QCPAxisTickerText>(m_plot->yAxis2->ticker());
  left->clear();
  right->clear();
  const std::vector<HeatmapLayout::Group>& groups = m_layout.groups();
  if (m_bands.groups().size() != groups.size()) return;  // bands not rebuilt for this topology yet
  auto groupTicks = m_nodeNames ? right : left;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const HeatmapBands::Group& group = m_bands.groups()[i];
    const double centre = group.firstBand + (group.bandCount - 1) / 2.0;
    groupTicks->addTick(centre, kindName(groups[i].kind) + QLatin1Char('\n') + nodeCountText(groups[i].rowCount));
  }
  if (m_nodeNames) {
    for (int row = 0; row < m_layout.rowCount(); ++row)
      left->addTick(row, QString::fromStdString(m_topology->nodes[m_layout.nodeOfRow(row)].name));
  }
  m_plot->yAxis2->setVisible(m_nodeNames);
  m_plot->yAxis2->setTickLabels(m_nodeNames);
}

QString HeatmapView::nodeCountText(int count) {
  return count == 1 ? tr("1 node") : tr("%1 nodes").arg(QLocale().toString(count));
}

void HeatmapView::setFrame(const Frame& frame) {
  if (!frameMatches(*m_topology, frame)) return;
  // Never handed out, so refilling it in place is safe; reuses the columns'
  // capacity, no allocation once warm.
  if (!m_ownFrame) m_ownFrame = std::make_shared<Frame>();
  *m_ownFrame = frame;
  m_frame = m_ownFrame;
  fillCells();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setFrame(std::shared_ptr<const Frame> frame) {
  if (!frame || !frameMatches(*m_topology, *frame)) return;
  m_frame = std::move(frame);
  fillCells();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setMetric(Metric metric) {
  if (metric == m_metric) return;
  m_metric = metric;
  applyMetricStyle();
  fillCells();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setJobNames(JobNames names) { m_jobNames = std::move(names); }

void HeatmapView::setStale(bool stale) {
  if (stale == m_stale) return;
  m_stale = stale;
  m_staleLabel->setVisible(stale);
  applyMetricStyle();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setSelectedDevice(std::optional<int> device) {
  if (device && (*device < 0 || static_cast<std::size_t>(*device) >= m_topology->devices.size())) device.reset();
  m_selected = device;
  updateSelectionMark();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

std::optional<int> HeatmapView::deviceAt(QPoint pos) const {
  const QPoint plotPos = m_plot->mapFrom(this, pos);
  if (!m_plot->axisRect()->rect().contains(plotPos)) return std::nullopt;
  const double key = m_plot->xAxis->pixelToCoord(plotPos.x());
  const double value = m_plot->yAxis->pixelToCoord(plotPos.y());
  return m_bands.deviceAt(static_cast<int>(std::lround(value)), static_cast<int>(std::lround(key)));
}

QPointF HeatmapView::cellCenter(int device) const {
  const auto index = static_cast<std::size_t>(device);
  const QPointF plotPos(m_plot->xAxis->coordToPixel(m_topology->devices[index].slot),
                        m_plot->yAxis->coordToPixel(m_bands.bandOfRow(m_layout.rowOfDevice(index))));
  return plotPos + QPointF(m_plot->mapTo(this, QPoint(0, 0)));
}

QColor HeatmapView::cellColor(int device) const {
  const auto index = static_cast<std::size_t>(device);
  const double value = m_map->data()->cell(static_cast<int>(m_topology->devices[index].slot),
                                           m_bands.bandOfRow(m_layout.rowOfDevice(index)));
  return QColor::fromRgba(m_map->gradient().color(value, m_map->dataRange()));
}

QString HeatmapView::toolTipFor(int device) const {
  const auto index = static_cast<std::size_t>(device);
  QString summary = deviceSummary(*m_topology, m_frame.get(), index, m_jobNames, m_allocation.get(), &m_mig);
  if (m_teams) summary += QLatin1Char('\n') + tr("Team: %1").arg(teamsText(*m_teams, m_allocation.get(), index));
  if (!m_bands.aggregated()) return summary;
  // Say what the colour under the pointer stands for: one device shown on
  // behalf of several nodes.
  const int band = m_bands.bandOfRow(m_layout.rowOfDevice(index));
  const int first = m_bands.firstRow(band);
  const int last = m_bands.lastRow(band);
  const auto nodeName = [this](int row) {
    return QString::fromStdString(m_topology->nodes[m_layout.nodeOfRow(row)].name);
  };
  if (m_metric == Metric::Team)
    return summary + QLatin1Char('\n') +
           tr("A band of %1 (%2 – %3): coloured by the team of one of its held devices")
               .arg(nodeCountText(last - first + 1), nodeName(first), nodeName(last));
  return summary + QLatin1Char('\n') +
         tr("Hottest in a band of %1 (%2 – %3) by %4")
             .arg(nodeCountText(last - first + 1), nodeName(first), nodeName(last), metricName(m_metric));
}

void HeatmapView::replotNow() { m_plot->replot(QCustomPlot::rpImmediateRefresh); }

void HeatmapView::fillCells() {
  if (!m_frame) return;
  const Frame& frame = *m_frame;
  const std::vector<float>* column = &frame.utilization;
  double scale = 1.0;
  switch (m_metric) {
    case Metric::Utilization: scale = 100.0; break;
    case Metric::Memory:
      column = &frame.memoryUsed;
      scale = 100.0;
      break;
    case Metric::Power:
      // Percent of each device's own TDP (colourValue).
      m_powerShare.resize(frame.deviceCount());
      for (std::size_t i = 0; i < m_powerShare.size() && i < m_inverseTdp.size(); ++i)
        m_powerShare[i] = frame.powerWatts[i] * m_inverseTdp[i];
      column = &m_powerShare;
      scale = 100.0;
      break;
    case Metric::Temperature: column = &frame.temperatureC; break;
    case Metric::Allocation:
      m_noAllocation.assign(frame.deviceCount(), 0.0f);
      column = m_allocation ? &m_allocation->fractions() : &m_noAllocation;
      scale = 100.0;
      break;
    case Metric::Team:
      // Codes worked out per job list (DeviceTeams): a frame costs what
      // Allocation costs. Merged bands keep the highest code, so a band is
      // idle only when all of its devices are.
      if (m_teams) {
        column = &m_teams->codes();
      } else {
        m_noAllocation.assign(frame.deviceCount(), 0.0f);
        column = &m_noAllocation;
      }
      break;
  }
  m_bands.aggregate(*column, scale);
  QCPColorMapData* data = m_map->data();
  const int bands = m_bands.bandCount();
  const int columns = m_bands.columnCount();
  for (int band = 0; band < bands; ++band) {
    for (int slot = 0; slot < columns; ++slot) data->setCell(slot, band, m_bands.value(band, slot));
  }
  // A band is hatched if any of its nodes is down: like a hot device, a down
  // node must not vanish into its neighbours.
  std::fill(m_downRows.begin(), m_downRows.end(), std::uint8_t{0});
  for (std::size_t node = 0; node < m_topology->nodes.size(); ++node) {
    if (frame.nodeUp[node] == 0) m_downRows[static_cast<std::size_t>(m_bands.bandOfRow(m_layout.rowOfNode(node)))] = 1;
  }
  m_overlay->setDownRows(m_downRows);
}

void HeatmapView::applyMetricStyle() {
  if (m_metric == Metric::Team) {
    applyTeamStyle();
    return;
  }
  if (m_scale->axis()->ticker() != m_numberTicker) m_scale->axis()->setTicker(m_numberTicker);
  const MetricRange range = metricRange(m_metric, *m_topology);
  const QCPColorGradient gradient = gradientFor(m_metric);
  m_map->setGradient(m_stale ? desaturated(gradient) : gradient);
  m_map->setDataRange(QCPRange(range.lower, range.upper));
  m_scale->axis()->setLabel(colourLabel(m_metric));
}

void HeatmapView::updateSelectionMark() {
  if (!m_selected) {
    m_overlay->setSelection(std::nullopt);
    return;
  }
  const auto device = static_cast<std::size_t>(*m_selected);
  m_overlay->setSelection(HeatmapOverlay::Cell{m_bands.bandOfRow(m_layout.rowOfDevice(device)),
                                               static_cast<int>(m_topology->devices[device].slot)});
}

}  // namespace hetsched
