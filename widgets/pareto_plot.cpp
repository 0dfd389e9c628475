#include "pareto_plot.h"

#include "qcustomplot_include.h"
#include "theme.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// How near the pointer must be to pick a point, and how far it may travel
// between press and release for a click, in pixels.
constexpr double kPickRadius = 9.0;
constexpr double kClickTravel = 4.0;

}  // namespace

ParetoPlot::ParetoPlot(QWidget* parent) : QCustomPlot(parent) {
  // Laid out in a hidden tab it would otherwise get no height, and a
  // buffer of no pixels cannot be drawn into.
  setMinimumSize(240, 180);
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  addGraph();  // every point
  addGraph();  // the front, joined
  addGraph();  // the chosen point's ring
  graph(0)->setLineStyle(QCPGraph::lsNone);
  graph(2)->setLineStyle(QCPGraph::lsNone);
  graph(1)->setLineStyle(QCPGraph::lsLine);
  graph(0)->setName(tr("Sweep points"));
  graph(1)->setName(tr("Pareto front"));
  graph(2)->removeFromLegend();
  // Intervals around every point, on both metrics.
  m_xErrors = new QCPErrorBars(xAxis, yAxis);
  m_xErrors->setErrorType(QCPErrorBars::etKeyError);
  m_yErrors = new QCPErrorBars(xAxis, yAxis);
  m_yErrors->setErrorType(QCPErrorBars::etValueError);
  for (QCPErrorBars* bars : {m_xErrors, m_yErrors}) {
    bars->setDataPlottable(graph(0));
    bars->removeFromLegend();
    bars->setSelectable(QCP::stNone);
  }
  m_xErrors->setName(tr("95 % interval"));
  m_yErrors->setName(tr("95 % interval"));
  // Below the axes, not over them: a point may lie in any corner.
  legend->setVisible(true);
  axisRect()->insetLayout()->take(legend);
  plotLayout()->addElement(1, 0, legend);
  plotLayout()->setRowStretchFactor(1, 0.001);
  legend->setFillOrder(QCPLegend::foColumnsFirst);
  setMouseTracking(true);
  connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
    const int index = pointAt(event->position());
    Q_EMIT pointHovered(index, event->globalPosition().toPoint());
  });
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressedAt = event->position(); });
  connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const QPointF travel = event->position() - m_pressedAt;
    if (std::hypot(travel.x(), travel.y()) > kClickTravel) return;  // a drag of the range
    if (const int index = pointAt(event->position()); index >= 0) Q_EMIT pointClicked(index);
  });
  connect(this, &QCustomPlot::beforeReplot, this, &ParetoPlot::placeLabels);
  restyle(palette());
}

void ParetoPlot::placeLabels() {
  // Left to right, each name in the first free line above its point.
  std::vector<std::size_t> order(m_labels.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::ranges::sort(order, {}, [&](std::size_t i) { return pixelOf(static_cast<int>(i)).x(); });
  std::vector<QRectF> placed;
  for (const std::size_t i : order) {
    QCPItemText* label = m_labels[i];
    const QFontMetricsF metrics(label->font());
    const QPointF at = pixelOf(static_cast<int>(i));
    const double width = metrics.horizontalAdvance(label->text()) + 2.0, height = metrics.height();
    double lift = 0.0;
    QRectF box(at.x() + 7.0, at.y() - 3.0 - height, width, height);
    for (int tries = 0;
         tries < 20 && std::ranges::any_of(placed, [&](const QRectF& r) { return r.intersects(box); }); ++tries) {
      lift += height;
      box.translate(0.0, -height);
    }
    placed.push_back(box);
    label->setPadding(QMargins(7, 0, 0, 3 + static_cast<int>(lift)));
  }
}

void ParetoPlot::setPoints(std::vector<double> x, std::vector<double> y, std::vector<bool> front, const QString& xLabel,
                           const QString& yLabel, std::vector<QString> labels, Intervals intervals) {
  m_x = std::move(x);
  m_y = std::move(y);
  m_front = std::move(front);
  m_front.resize(m_x.size(), false);
  m_labelTexts =
      labels.size() == m_x.size() && labels.size() <= kMaxLabels ? std::move(labels) : std::vector<QString>{};
  const bool whole = intervals.xLow.size() == m_x.size() && intervals.xHigh.size() == m_x.size() &&
                     intervals.yLow.size() == m_x.size() && intervals.yHigh.size() == m_x.size();
  m_intervals = whole && !m_x.empty() ? std::move(intervals) : Intervals{};
  if (m_chosen >= static_cast<int>(m_x.size())) m_chosen = -1;
  xAxis->setLabel(xLabel);
  yAxis->setLabel(yLabel);
  redraw();
  rescaleAxes();
  // A margin so points on the edge are not cut in half, and a flat metric
  // still gets a visible range.
  for (QCPAxis* axis : {xAxis, yAxis}) {
    const QCPRange r = axis->range();
    // Differences in the last digits are rounding, not a spread to zoom in on.
    const bool flat = r.size() <= 1e-9 * std::max(1.0, std::abs(r.center()));
    const double pad = flat ? std::max(1e-3, std::abs(r.center()) * 0.05) : 0.06 * r.size();
    // Names run to the right of their points and above them: room for them.
    const double extra = m_labelTexts.empty() ? 0.0 : axis == xAxis ? 3.0 * pad : pad;
    axis->setRange(r.lower - pad, r.upper + pad + extra);
  }
  if (isVisible()) replot();
}

void ParetoPlot::showEvent(QShowEvent* event) {
  QCustomPlot::showEvent(event);
  replot(QCustomPlot::rpQueuedReplot);
}

void ParetoPlot::setChosen(int index) {
  m_chosen = index >= 0 && index < static_cast<int>(m_x.size()) ? index : -1;
  redraw();
  if (isVisible()) replot(QCustomPlot::rpQueuedReplot);
}

void ParetoPlot::redraw() {
  // The points in order of x, stably, handed over as sorted: QCPGraph would
  // sort them itself (not stably), and the error bars below must follow the
  // graph's order (given in the points' order, the bars of one point were
  // drawn on another).
  std::vector<std::size_t>& byX = m_graphOrder;
  byX.resize(m_x.size());
  std::iota(byX.begin(), byX.end(), std::size_t{0});
  std::ranges::stable_sort(byX, {}, [&](std::size_t i) { return m_x[i]; });
  QVector<QCPGraphData> points;
  points.reserve(static_cast<qsizetype>(byX.size()));
  for (const std::size_t i : byX) points.push_back(QCPGraphData(m_x[i], m_y[i]));
  graph(0)->data()->set(points, true);
  // Joined in order of x: along a front of two metrics the other one moves
  // one way only, so the line never doubles back.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < m_x.size(); ++i)
    if (m_front[i]) order.push_back(i);
  std::ranges::sort(order, {}, [&](std::size_t i) { return m_x[i]; });
  QVector<double> fx, fy;
  for (const std::size_t i : order) {
    fx.push_back(m_x[i]);
    fy.push_back(m_y[i]);
  }
  graph(1)->setData(fx, fy, true);
  // Error bars hold distances below and above each point, in the graph's order.
  QVector<double> xMinus, xPlus, yMinus, yPlus;
  for (const std::size_t i : m_intervals.xLow.empty() ? std::vector<std::size_t>{} : byX) {
    xMinus.push_back(std::max(0.0, m_x[i] - m_intervals.xLow[i]));
    xPlus.push_back(std::max(0.0, m_intervals.xHigh[i] - m_x[i]));
    yMinus.push_back(std::max(0.0, m_y[i] - m_intervals.yLow[i]));
    yPlus.push_back(std::max(0.0, m_intervals.yHigh[i] - m_y[i]));
  }
  m_xErrors->setData(xMinus, xPlus);
  m_yErrors->setData(yMinus, yPlus);
  m_xErrors->setVisible(!xMinus.isEmpty());
  m_yErrors->setVisible(!yMinus.isEmpty());
  for (QCPItemText* label : m_labels) removeItem(label);
  m_labels.clear();
  for (std::size_t i = 0; i < m_labelTexts.size(); ++i) {
    auto* label = new QCPItemText(this);
    label->position->setCoords(m_x[i], m_y[i]);
    // Above and to the right of the point, clear of its marker.
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->setPadding(QMargins(7, 0, 0, 3));
    label->setText(m_labelTexts[i]);
    label->setColor(palette().color(QPalette::WindowText));
    label->setSelectable(false);
    m_labels.push_back(label);
  }
  if (m_chosen >= 0)
    graph(2)->setData(QVector<double>{m_x[static_cast<std::size_t>(m_chosen)]},
                      QVector<double>{m_y[static_cast<std::size_t>(m_chosen)]});
  else graph(2)->data()->clear();
}

int ParetoPlot::pointAt(const QPointF& pixel) const {
  int best = -1;
  double bestDistance = kPickRadius;
  for (std::size_t i = 0; i < m_x.size(); ++i) {
    const QPointF p = pixelOf(static_cast<int>(i));
    const double d = std::hypot(p.x() - pixel.x(), p.y() - pixel.y());
    if (d <= bestDistance) {
      bestDistance = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

QRectF ParetoPlot::drawnInterval(int index) const {
  if (!hasErrorBars() || index < 0 || static_cast<std::size_t>(index) >= m_graphOrder.size()) return {};
  const auto at = std::ranges::find(m_graphOrder, static_cast<std::size_t>(index)) - m_graphOrder.begin();
  const auto point = graph(0)->data()->at(static_cast<int>(at));
  const QCPErrorBarsData x = m_xErrors->data()->at(static_cast<int>(at));
  const QCPErrorBarsData y = m_yErrors->data()->at(static_cast<int>(at));
  return QRectF(QPointF(point->key - x.errorMinus, point->value - y.errorMinus),
                QPointF(point->key + x.errorPlus, point->value + y.errorPlus));
}

QPointF ParetoPlot::pixelOf(int index) const {
  const auto i = static_cast<std::size_t>(index);
  return {xAxis->coordToPixel(m_x[i]), yAxis->coordToPixel(m_y[i])};
}

void ParetoPlot::restyle(const QPalette& palette) {
  stylePlot(this, palette);
  QColor points = palette.color(QPalette::PlaceholderText);
  graph(0)->setPen(QPen(points, 1.2));
  graph(0)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, points, 7));
  const QColor front = betterColor(palette);
  graph(1)->setPen(QPen(front, 2.0));
  graph(1)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, front, front, 9));
  const QColor bars = palette.color(QPalette::WindowText);
  for (QCPErrorBars* errors : {m_xErrors, m_yErrors}) {
    errors->setPen(QPen(bars, 1.0));
    errors->setWhiskerWidth(6);
  }
  for (QCPItemText* label : m_labels) label->setColor(bars);
  const QColor chosen = worseColor(palette);
  graph(2)->setPen(QPen(chosen, 2.0));
  graph(2)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(chosen, 2.0), QBrush(Qt::NoBrush), 17));
}

}  // namespace hetsched
