#include "device_history_view.h"

#include "base/history/device_history.h"
#include "device_text.h"
#include "job_style.h"
#include "metric.h"
#include "tool_tip.h"

#include <QCoreApplication>
#include <QHelpEvent>
#include <algorithm>
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
constexpr int kSwatch = 12;
constexpr int kGap = 6;
}  // namespace

QString seriesMetricLabel(SeriesMetric metric) {
  switch (metric) {
    case SeriesMetric::Utilization: return metricLabel(Metric::Utilization);
    case SeriesMetric::Memory: return metricLabel(Metric::Memory);
    case SeriesMetric::Power: return metricLabel(Metric::Power);
    case SeriesMetric::Temperature: return metricLabel(Metric::Temperature);
  }
  return {};
}

double seriesDisplayValue(SeriesMetric metric, float value) {
  const bool fraction = metric == SeriesMetric::Utilization || metric == SeriesMetric::Memory;
  return fraction ? 100.0 * value : value;
}

DeviceHistoryView::DeviceHistoryView(QWidget* parent) : QWidget(parent) {
  setAccessibleName(tr("Device history"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  setMouseTracking(true);
}

void DeviceHistoryView::setHistory(std::shared_ptr<const DeviceHistory> history, QStringList names,
                                   std::vector<double> tdpWatts) {
  m_history = std::move(history);
  m_names = std::move(names);
  m_tdp = std::move(tdpWatts);
  update();
}

void DeviceHistoryView::setJobNames(JobNames names) {
  m_jobNames = std::move(names);
  update();
}

int DeviceHistoryView::shownDevices() const {
  if (!m_history) return 0;
  return std::min(static_cast<int>(m_history->devices.size()), kMaxDevices);
}

QColor DeviceHistoryView::deviceColor(int i) const {
  // The job map's first seven cluster hues (Kelly's), then the text colour, which reads on either theme.
  if (i < 7) return clusterColor(i);
  return palette().color(QPalette::WindowText);
}

QSize DeviceHistoryView::sizeHint() const { return {520, 560}; }
QSize DeviceHistoryView::minimumSizeHint() const { return {240, fontMetrics().height() * 16}; }

int DeviceHistoryView::legendHeight(int width) const {
  const QFontMetrics fm = fontMetrics();
  int rows = 1;
  int x = 0;
  for (int i = 0; i < shownDevices(); ++i) {
    const int item = kSwatch + 4 + fm.horizontalAdvance(m_names.value(i)) + 2 * kGap;
    if (x > 0 && x + item > width) {
      ++rows;
      x = 0;
    }
    x += item;
  }
  return rows * (fm.height() + 2);
}

DeviceHistoryView::Layout DeviceHistoryView::layout() const {
  Layout l;
  const QFontMetrics fm = fontMetrics();
  const int left = fm.horizontalAdvance(QStringLiteral("0000 W")) + 8;
  const int right = width() - 8;
  const int plotW = std::max(right - left, 10);
  int y = 4;
  l.legend = QRect(left, y, plotW, legendHeight(plotW));
  y = l.legend.bottom() + 6;
  const int n = shownDevices();
  const int laneH = std::clamp(fm.height() / 2, 5, 9);
  for (int i = 0; i < n; ++i) {
    l.lanes.emplace_back(left, y, plotW, laneH);
    y += laneH + 2;
  }
  y += 4;
  const int axisH = fm.height() + 6;
  // Room between charts for one chart's bottom label and the next one's top.
  const int gap = fm.height();
  const int chartsH = std::max(height() - y - axisH, 4 * 20);
  const int chartH = (chartsH - 3 * gap) / 4;
  for (std::size_t m = 0; m < kSeriesMetricCount; ++m) {
    l.charts.emplace_back(left, y, plotW, chartH);
    y += chartH + gap;
  }
  l.axisY = l.charts.back().bottom() + 2;
  return l;
}

std::vector<QRect> DeviceHistoryView::chartRects() const { return layout().charts; }

QRect DeviceHistoryView::laneRect(int device) const {
  const Layout l = layout();
  if (device < 0 || device >= static_cast<int>(l.lanes.size())) return {};
  return l.lanes[static_cast<std::size_t>(device)];
}

std::pair<double, double> DeviceHistoryView::rangeOf(SeriesMetric metric) const {
  if (metric == SeriesMetric::Utilization || metric == SeriesMetric::Memory) return {0.0, 100.0};
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (int i = 0; i < shownDevices(); ++i) {
    const MetricSeries& s = m_history->devices[static_cast<std::size_t>(i)].of(metric);
    for (std::size_t b = 0; b < s.max.size(); ++b) {
      if (std::isnan(s.max[b])) continue;
      lo = std::min(lo, static_cast<double>(s.min[b]));
      hi = std::max(hi, static_cast<double>(s.max[b]));
    }
  }
  if (metric == SeriesMetric::Power) {
    // Up to the hungriest shown device's TDP, so a device near its limit
    // looks near the top; above it if a reading says more.
    double tdp = 0.0;
    for (int i = 0; i < shownDevices(); ++i)
      tdp = std::max(tdp, m_tdp.size() > static_cast<std::size_t>(i) ? m_tdp[static_cast<std::size_t>(i)] : 0.0);
    const double top = std::max(tdp, std::isfinite(hi) ? hi : 0.0);
    return {0.0, top > 0.0 ? top : 1.0};
  }
  if (!std::isfinite(lo)) return {20.0, 90.0};
  lo = std::floor(lo / 10.0) * 10.0;
  hi = std::max(std::ceil(hi / 10.0) * 10.0, lo + 10.0);
  return {lo, hi};
}

double DeviceHistoryView::xOf(const QRect& chart, double ms) const {
  if (!m_history) return chart.left();
  const double span = static_cast<double>(m_history->toMs - m_history->fromMs + 1);
  return chart.left() + chart.width() * (ms - static_cast<double>(m_history->fromMs)) / span;
}

double DeviceHistoryView::timeAt(const QRect& chart, int x) const {
  const double span = static_cast<double>(m_history->toMs - m_history->fromMs + 1);
  return static_cast<double>(m_history->fromMs) + span * (x - chart.left()) / std::max(chart.width(), 1);
}

std::optional<std::size_t> DeviceHistoryView::bucketAt(const QRect& chart, int x) const {
  if (!m_history || m_history->points == 0 || x < chart.left() || x > chart.right()) return std::nullopt;
  const double t = timeAt(chart, x) - static_cast<double>(m_history->fromMs);
  const double span = static_cast<double>(m_history->toMs - m_history->fromMs + 1);
  const auto b = static_cast<std::size_t>(std::clamp(t * m_history->points / span, 0.0, m_history->points - 1.0));
  return b;
}

QString DeviceHistoryView::toolTipAt(QPoint pos) const {
  if (!m_history) return {};
  const Layout l = layout();
  for (int i = 0; i < static_cast<int>(l.lanes.size()); ++i) {
    const QRect lane = l.lanes[static_cast<std::size_t>(i)].adjusted(0, -1, 0, 1);
    if (!lane.contains(pos)) continue;
    for (const JobSpan& span : m_history->devices[static_cast<std::size_t>(i)].jobs) {
      const double x0 = xOf(lane, static_cast<double>(span.startMs)) - 2;
      const double x1 = xOf(lane, static_cast<double>(span.endMs)) + 2;
      if (pos.x() < x0 || pos.x() > x1) continue;
      return tr("%1\non %2\n%3 – %4 (%5)")
          .arg(jobText(span.job, m_jobNames), m_names.value(i), clockText(span.startMs), clockText(span.endMs),
               durationText(span.endMs - span.startMs));
    }
    return tr("%1: no job").arg(m_names.value(i));
  }
  for (std::size_t m = 0; m < l.charts.size(); ++m) {
    if (!l.charts[m].contains(pos)) continue;
    const auto bucket = bucketAt(l.charts[m], pos.x());
    if (!bucket) return {};
    const auto metric = kSeriesMetrics[m];
    QStringList lines{
        tr("%1 at %2")
            .arg(seriesMetricLabel(metric), clockText(m_history->bucketStart(static_cast<std::uint32_t>(*bucket))))};
    for (int i = 0; i < shownDevices(); ++i) {
      const MetricSeries& s = m_history->devices[static_cast<std::size_t>(i)].of(metric);
      if (std::isnan(s.max[*bucket])) {
        lines << tr("%1: no reading").arg(m_names.value(i));
        continue;
      }
      lines << tr("%1: %2 – %3")
                   .arg(m_names.value(i), QString::number(seriesDisplayValue(metric, s.min[*bucket]), 'f', 0),
                        QString::number(seriesDisplayValue(metric, s.max[*bucket]), 'f', 0));
    }
    return lines.join(QLatin1Char('\n'));
  }
  return {};
}

bool DeviceHistoryView::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    const auto& help = static_cast<const QHelpEvent&>(*event);
    answerToolTip(this, help, toolTipAt(help.pos()));
    return true;
  }
  if (event->type() == QEvent::PaletteChange) update();
  return QWidget::event(event);
}

}  // namespace hetsched
