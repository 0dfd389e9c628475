// QueueTimelineView: painting. Only rows inside the viewport are visited, and
// in each only the segments the index says overlap the visible time window.
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "job_style.h"
#include "queue_timeline_view.h"

#include <QPainter>
#include <QScrollBar>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

namespace {
constexpr int kMinTickSpacingPx = 90;
constexpr std::array<std::int64_t, 19> kTickStepsMs{1000,     2000,     5000,     10000,    15000,    30000,   60000,
                                                    120000,   300000,   600000,   900000,   1800000,  3600000, 7200000,
                                                    10800000, 21600000, 43200000, 86400000, 604800000};
const QColor kNow(0xD5, 0x5E, 0x00);  // Okabe–Ito vermillion

// `a` moved towards `b` by `t` (0..1): row tints from the palette, so both
// themes get them.
QColor mix(const QColor& a, const QColor& b, double t) {
  return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                          static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                          static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}
QColor gridColor(const QPalette& p) {
  QColor c = p.color(QPalette::Text);
  c.setAlpha(28);
  return c;
}
}  // namespace

QColor QueueTimelineView::colorOf(std::size_t segment) const {
  const TimelineJob* job = jobOf(segment);
  if (!job) return Qt::gray;
  switch (m_colorBy) {
    case ColorBy::JobKind: return jobKindColor(job->kind);
    case ColorBy::Priority: return priorityColor(job->priority);
    case ColorBy::Team: return QColor(m_jobTeamColour[m_segmentJob[segment]]);
  }
  return Qt::gray;
}

void QueueTimelineView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  const QRect plot = plotRect();
  if (plot.width() <= 0 || plot.height() <= 0) return;
  paintAxis(painter, plot);

  std::vector<QRect> selected;
  const auto& rows = m_layout.rows();
  const int scroll = m_vbar->value();
  for (int row = std::max(m_layout.rowAt(scroll), 0); static_cast<std::size_t>(row) < rows.size(); ++row) {
    const int y = plot.top() + rows[static_cast<std::size_t>(row)].top - scroll;
    if (y > plot.bottom()) break;
    painter.setClipRect(QRect(0, plot.top(), width(), plot.height()));
    paintLabel(painter, row, y);
    painter.setClipRect(plot);
    paintRow(painter, plot, row, selected);
  }

  // Selected bars last, so neighbours never cover their outline.
  painter.setClipRect(plot);
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(palette().text().color(), 2));
  for (const QRect& r : selected) painter.drawRect(r.adjusted(-1, -1, 0, 0));
  if (m_layout.rows().size() <= 1 && m_timeline->segments.empty()) {
    painter.setPen(palette().placeholderText().color());
    painter.drawText(plot, Qt::AlignCenter, tr("No jobs yet"));
  }
  const double nowX = xOf(m_timeline->nowMs);
  if (nowX >= plot.left() && nowX <= plot.right()) {
    painter.setPen(QPen(kNow, 1.5));
    painter.drawLine(QPointF(nowX, plot.top()), QPointF(nowX, plot.bottom()));
  }
  painter.setClipping(false);
  painter.setPen(palette().mid().color());
  painter.drawLine(plot.left() - 1, 0, plot.left() - 1, height());
}

void QueueTimelineView::paintAxis(QPainter& painter, const QRect& plot) const {
  const double pxPerMs = plot.width() / m_spanMs;
  std::int64_t step = kTickStepsMs.back();
  for (const std::int64_t s : kTickStepsMs) {
    if (static_cast<double>(s) * pxPerMs >= kMinTickSpacingPx) {
      step = s;
      break;
    }
  }
  painter.fillRect(QRect(0, 0, width(), plot.top()), palette().window());
  painter.setPen(palette().text().color());
  painter.drawText(QRect(6, 0, plot.left() - 10, plot.top()), Qt::AlignVCenter | Qt::AlignLeft, tr("Cluster time →"));
  const auto first = static_cast<std::int64_t>(std::ceil(m_t0 / static_cast<double>(step))) * step;
  for (std::int64_t t = first; static_cast<double>(t) <= m_t0 + m_spanMs; t += step) {
    const int x = static_cast<int>(std::lround(xOf(t)));
    painter.setPen(gridColor(palette()));
    painter.drawLine(x, plot.top(), x, plot.bottom());
    painter.setPen(palette().text().color());
    painter.drawLine(x, plot.top() - 4, x, plot.top());
    // Labels centred on their tick, except where that would cross the edges.
    const int w = painter.fontMetrics().horizontalAdvance(clockText(t)) + 4;
    const int left = std::clamp(x - w / 2, plot.left(), plot.right() - w);
    painter.drawText(QRect(left, 0, w, plot.top() - 4), Qt::AlignCenter, clockText(t));
  }
  painter.setPen(palette().mid().color());
  painter.drawLine(0, plot.top() - 1, width(), plot.top() - 1);
}

void QueueTimelineView::paintLabel(QPainter& painter, int row, int y) const {
  const TimelineLayout::Row& r = m_layout.rows()[static_cast<std::size_t>(row)];
  QColor background = palette().base().color();
  int indent = 6;
  QFont font = this->font();
  switch (r.type) {
    case TimelineLayout::RowType::Queue:
      background = mix(background, QColor(0xE6, 0x9F, 0x00), 0.10);
      font.setBold(true);
      break;
    case TimelineLayout::RowType::Kind:
      background = mix(background, palette().text().color(), 0.12);
      font.setBold(true);
      break;
    case TimelineLayout::RowType::Node:
      background = mix(background, palette().text().color(), 0.05);
      indent = 16;
      break;
    case TimelineLayout::RowType::Device: indent = 34; break;
  }
  painter.fillRect(QRect(0, y, width(), r.height), background);
  painter.setPen(gridColor(palette()));
  painter.drawLine(0, y + r.height - 1, width(), y + r.height - 1);
  painter.setFont(font);
  painter.setPen(palette().text().color());
  const QRect text(indent, y, plotRect().left() - indent - 4, r.height);
  painter.drawText(text, Qt::AlignVCenter | Qt::AlignLeft,
                   painter.fontMetrics().elidedText(rowLabel(row), Qt::ElideRight, text.width()));
  painter.setFont(this->font());
}

void QueueTimelineView::paintRow(QPainter& painter, const QRect& plot, int row, std::vector<QRect>& selected) const {
  const auto t0 = static_cast<std::int64_t>(std::floor(m_t0));
  const auto t1 = static_cast<std::int64_t>(std::ceil(m_t0 + m_spanMs)) + 1;
  const double pxPerMs = plot.width() / m_spanMs;
  const double left = plot.left() - m_t0 * pxPerMs;
  const TimelineLayout::Row& r = m_layout.rows()[static_cast<std::size_t>(row)];
  const int top = plot.top() + r.top - m_vbar->value();
  const bool queue = r.type == TimelineLayout::RowType::Queue;
  const bool stripes = r.type == TimelineLayout::RowType::Node && r.collapsed;
  // Names only where a bar has the row to itself.
  const bool named = r.type == TimelineLayout::RowType::Device;
  // Per lane (queue sub-lane or device stripe), the rightmost pixel already
  // painted. Bars come in start order, so a bar paints only what it adds to
  // the right of that, and one adding nothing is skipped: every pixel of a
  // lane is filled at most once, which bounds a zoomed-out repaint by the
  // plot's width instead of the segment count.
  const Topology& topology = m_layout.topology();
  std::vector<int> covered(
      stripes ? topology.nodes[static_cast<std::size_t>(r.node)].deviceCount : TimelineLayout::kQueueLanes, INT32_MIN);
  // Neighbouring plain bars of one colour in a lane are merged into one
  // fill (zoomed out, most bars add a pixel or two to a long run).
  struct Run {
    QRect rect;
    QRgb rgb = 0;
    bool open = false;
  };
  std::vector<Run> runs(covered.size());
  auto flush = [&painter](Run& run) {
    if (run.open) painter.fillRect(run.rect, QColor::fromRgb(run.rgb));
    run.open = false;
  };
  QColor hatchColour = palette().text().color();
  hatchColour.setAlpha(110);
  const QBrush hatch(hatchColour, Qt::BDiagPattern);
  const JobTimeline& timeline = *m_timeline;
  m_index.visit(row, t0, t1, [&](std::uint32_t s) {
    const int x0 = static_cast<int>(std::floor(left + static_cast<double>(m_index.startOf(s)) * pxPerMs));
    const int x1 = static_cast<int>(std::ceil(left + static_cast<double>(m_index.endOf(s)) * pxPerMs));
    const int lane =
        queue     ? m_index.queueLaneOf(s)
        : stripes ? static_cast<int>(topology.devices[static_cast<std::size_t>(timeline.segments[s].device)].slot)
                  : 0;
    const bool isSelected = !m_selected.empty() && m_selected.contains(timeline.segments[s].job);
    int& painted = covered[static_cast<std::size_t>(lane)];
    const int right = std::max(x0 + 1, x1);  // exclusive; a bar is at least a pixel wide
    if (right - 1 <= painted && !isSelected) return;
    const int from = std::max(x0, painted + 1);
    painted = std::max(painted, right - 1);
    const auto [y, h] = barSpan(s, r, top);
    const QRect bar(x0, y, right - x0, h);
    // A one-pixel gap between wide bars tells back-to-back jobs apart.
    QRect fill = bar.width() >= 4 ? bar.adjusted(0, 0, -1, 0) : bar;
    const bool trimmed = from > x0 && from < right;
    if (trimmed) fill.setLeft(from);
    QColor colour = colorOf(s);
    const SegmentKind kind = timeline.segments[s].kind;
    // Waiting bars are paler; opaque, because blending is the slow path.
    // Predicted runs are paler still, hatched and outlined: not a record.
    if (kind == SegmentKind::Predicted) colour = mix(colour, palette().base().color(), 3.0 / 4.0);
    else if (kind == SegmentKind::Waiting) colour = mix(colour, palette().base().color(), 2.0 / 3.0);
    const bool labelled = named && !trimmed && fill.width() > 36;
    Run& run = runs[static_cast<std::size_t>(lane)];
    if (kind == SegmentKind::Running || kind == SegmentKind::Waiting) {
      if (!labelled && !isSelected && run.open && run.rgb == colour.rgb() && run.rect.top() == fill.top() &&
          run.rect.height() == fill.height() && fill.left() <= run.rect.right() + 1) {
        run.rect.setRight(std::max(run.rect.right(), fill.right()));
        return;
      }
      flush(run);
      if (!labelled && !isSelected) {
        run = {fill, colour.rgb(), true};
        return;
      }
    }
    flush(run);
    painter.fillRect(fill, colour);
    if (kind == SegmentKind::Preempted) {
      painter.fillRect(fill, hatch);
    } else if (kind == SegmentKind::Predicted) {
      const QColor base = colorOf(s);
      painter.fillRect(fill, QBrush(base, Qt::FDiagPattern));
      painter.setPen(QPen(base.darker(130), 1, Qt::DashLine));
      painter.setBrush(Qt::NoBrush);
      painter.drawRect(fill.adjusted(0, 0, -1, -1));
    } else if (kind == SegmentKind::Migrated) {
      painter.setPen(QPen(colour.darker(170), 1, Qt::DashLine));
      painter.setBrush(Qt::NoBrush);
      painter.drawRect(fill.adjusted(0, 0, -1, -1));
    }
    if (labelled) {
      const TimelineJob* job = jobOf(s);
      if (job) {
        // Perceived brightness (ITU-R BT.601), not HSL lightness, which calls
        // orange dark.
        painter.setPen(0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue() > 140 ? Qt::black
                                                                                                   : Qt::white);
        const QRect text = fill.intersected(plot).adjusted(3, 0, -2, 0);
        painter.drawText(
            text, Qt::AlignVCenter | Qt::AlignLeft,
            painter.fontMetrics().elidedText(QString::fromStdString(job->name), Qt::ElideRight, text.width()));
      }
    }
    if (isSelected) selected.push_back(bar);
  });
  for (Run& run : runs) flush(run);
}

}  // namespace hetsched
