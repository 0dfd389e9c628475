// DeviceHistoryView: painting the legend, the job lanes, the four charts
// and the time axis.
#include "base/history/device_history.h"
#include "device_history_view.h"
#include "job_style.h"
#include "metric.h"

#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

namespace {
constexpr int kSwatch = 12;
constexpr int kGap = 6;

// Seconds between time labels: the first that leaves room for a label.
constexpr std::array<std::int64_t, 14> kTickSteps{10,   30,   60,   120,   300,   600,   900,
                                                  1800, 3600, 7200, 10800, 21600, 43200, 86400};
}  // namespace

void DeviceHistoryView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().color(QPalette::Window));
  if (!m_history || shownDevices() == 0) return;
  const Layout l = layout();
  paintLegend(p, l.legend);
  paintLanes(p, l);
  for (std::size_t m = 0; m < kSeriesMetricCount; ++m) paintChart(p, l.charts[m], kSeriesMetrics[m]);
  paintTimeAxis(p, l.charts.back(), l.axisY);
}

void DeviceHistoryView::paintLegend(QPainter& p, const QRect& area) const {
  const QFontMetrics fm = fontMetrics();
  int x = area.left();
  int y = area.top();
  p.setPen(palette().color(QPalette::WindowText));
  for (int i = 0; i < shownDevices(); ++i) {
    const QString name = m_names.value(i);
    const int item = kSwatch + 4 + fm.horizontalAdvance(name) + 2 * kGap;
    if (x > area.left() && x + item > area.right()) {
      x = area.left();
      y += fm.height() + 2;
    }
    const QRect swatch(x, y + (fm.height() - kSwatch) / 2, kSwatch, kSwatch);
    p.fillRect(swatch, deviceColor(i));
    p.drawText(QRect(swatch.right() + 4, y, item, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, name);
    x += item;
  }
}

void DeviceHistoryView::paintLanes(QPainter& p, const Layout& l) const {
  for (std::size_t i = 0; i < l.lanes.size(); ++i) {
    const QRect& lane = l.lanes[i];
    p.fillRect(lane, palette().color(QPalette::AlternateBase));
    const QColor color = deviceColor(static_cast<int>(i));
    const std::vector<JobSpan>& jobs = m_history->devices[i].jobs;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      const double x0 = xOf(lane, static_cast<double>(jobs[k].startMs));
      const double x1 = std::max(xOf(lane, static_cast<double>(jobs[k].endMs)), x0 + 2.0);
      // Neighbouring runs alternate in shade, and each start has a tick, so
      // back-to-back jobs stay apart.
      p.fillRect(QRectF(x0, lane.top(), x1 - x0, lane.height()), k % 2 == 0 ? color : color.lighter(150));
      p.fillRect(QRectF(x0, lane.top() - 1, 1.0, lane.height() + 2), palette().color(QPalette::WindowText));
    }
  }
}

void DeviceHistoryView::paintChart(QPainter& p, const QRect& area, SeriesMetric metric) const {
  const QFontMetrics fm = fontMetrics();
  p.fillRect(area, palette().color(QPalette::Base));
  const auto [lo, hi] = rangeOf(metric);
  const auto yOf = [&, lo = lo, hi = hi](double v) {
    return area.bottom() - (area.height() - 1) * (std::clamp(v, lo, hi) - lo) / (hi - lo);
  };
  // Grid and value labels: bottom, middle, top.
  QColor grid = palette().color(QPalette::Mid);
  grid.setAlpha(90);
  for (int k = 0; k <= 2; ++k) {
    const double v = lo + (hi - lo) * k / 2.0;
    const int y = static_cast<int>(std::lround(yOf(v)));
    p.setPen(grid);
    p.drawLine(area.left(), y, area.right(), y);
    p.setPen(palette().color(QPalette::WindowText));
    const QString label = QString::number(v, 'f', 0);
    p.drawText(QRect(0, y - fm.height() / 2, area.left() - 4, fm.height()), Qt::AlignRight | Qt::AlignVCenter, label);
  }
  p.setClipRect(area);
  // Without antialiasing: one-pixel lines stay their device's colour (with
  // it they came out a blend, and a colour is what tells devices apart).
  p.setRenderHint(QPainter::Antialiasing, false);
  const auto points = static_cast<std::size_t>(m_history->points);
  QVector<QLineF> bars;
  QPolygonF line;
  for (int i = 0; i < shownDevices(); ++i) {
    const MetricSeries& s = m_history->devices[static_cast<std::size_t>(i)].of(metric);
    bars.clear();
    line.clear();
    // The band is one vertical stroke per point from its least to its
    // greatest value: a batch of short lines fills far faster than a
    // polygon of the zigzag outline. Empty buckets (fewer frames than
    // points) leave the band open and the line bridges them.
    for (std::size_t b = 0; b < points && b < s.max.size() && b < s.min.size(); ++b) {
      if (std::isnan(s.max[b])) continue;
      const double x = std::floor(xOf(area, m_history->bucketMiddle(static_cast<std::uint32_t>(b)))) + 0.5;
      const double top = std::floor(yOf(seriesDisplayValue(metric, s.max[b]))) + 0.5;
      bars.append(QLineF(x, top, x, std::floor(yOf(seriesDisplayValue(metric, s.min[b]))) + 0.5));
      line << QPointF(x, top);
    }
    const QColor color = deviceColor(i);
    QColor fill = color;
    fill.setAlpha(90);
    p.setPen(QPen(fill, 0));
    p.drawLines(bars);
    // The line of greatest values, two pixels thick as two one-pixel
    // (cosmetic) lines: a 2-pixel pen goes through Qt's stroker and took
    // five times as long (27 against 5 ms for 8 devices, bench_device_history).
    QPen pen(color, 0);
    if (i >= 7) pen.setStyle(Qt::DashLine);
    p.setPen(pen);
    if (line.size() == 1) {
      p.drawEllipse(line.front(), 1.5, 1.5);
      continue;
    }
    p.drawPolyline(line);
    line.translate(0.0, 1.0);
    p.drawPolyline(line);
  }
  p.setClipping(false);
  p.setPen(palette().color(QPalette::Mid));
  p.drawRect(area.adjusted(0, 0, -1, -1));
  // The title inside the chart's top left, on a backing so lines do not cross it.
  const QString title = seriesMetricLabel(metric);
  const QRect titleRect(area.left() + 4, area.top() + 2, fm.horizontalAdvance(title) + 6, fm.height());
  QColor backing = palette().color(QPalette::Base);
  backing.setAlpha(200);
  p.fillRect(titleRect, backing);
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(titleRect, Qt::AlignCenter, title);
}

void DeviceHistoryView::paintTimeAxis(QPainter& p, const QRect& chart, int y) const {
  const QFontMetrics fm = fontMetrics();
  const std::int64_t from = m_history->fromMs;
  const std::int64_t to = m_history->toMs;
  const double labelW = fm.horizontalAdvance(QStringLiteral("00:00:00")) * 1.6;
  const double perMs = chart.width() / static_cast<double>(to - from + 1);
  std::int64_t stepMs = kTickSteps.back() * 1000;
  for (const std::int64_t s : kTickSteps) {
    if (s * 1000 * perMs >= labelW) {
      stepMs = s * 1000;
      break;
    }
  }
  p.setPen(palette().color(QPalette::WindowText));
  for (std::int64_t t = (from + stepMs - 1) / stepMs * stepMs; t <= to; t += stepMs) {
    const double x = xOf(chart, static_cast<double>(t));
    p.drawLine(QPointF(x, chart.bottom()), QPointF(x, chart.bottom() + 3));
    const QRectF label(x - labelW / 2, y + 2, labelW, fm.height());
    if (label.left() < 0 || label.right() > width()) continue;
    p.drawText(label, Qt::AlignHCenter | Qt::AlignTop, clockText(t));
  }
}

}  // namespace hetsched
