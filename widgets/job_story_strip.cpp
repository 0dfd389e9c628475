#include "job_story_strip.h"

#include "base/model/job_story.h"
#include "base/model/job_timeline.h"
#include "job_style.h"

#include <QPainter>
#include <algorithm>
#include <cstdint>

namespace hetsched {

JobStoryStrip::JobStoryStrip(QWidget* parent) : QWidget(parent) {
  setAccessibleName(tr("The job's life from submit to now"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void JobStoryStrip::setStory(const JobStory& story) {
  m_story = story;
  update();
}

QSize JobStoryStrip::sizeHint() const { return {420, fontMetrics().height() * 3 + 8}; }
QSize JobStoryStrip::minimumSizeHint() const { return {160, fontMetrics().height() * 3 + 8}; }

void JobStoryStrip::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  const std::int64_t from = m_story.job.submitTimeMs;
  std::int64_t to = m_story.nowMs;
  for (const JobStretch& s : m_story.stretches) to = std::max(to, s.endMs);
  if (to <= from) to = from + 1;
  const QRectF bar(4, 4, width() - 8, fontMetrics().height() * 1.4);
  const auto x = [&](std::int64_t ms) {
    return bar.left() +
           bar.width() * static_cast<double>(std::clamp(ms, from, to) - from) / static_cast<double>(to - from);
  };
  painter.fillRect(bar, palette().color(QPalette::AlternateBase));
  for (const JobStretch& s : m_story.stretches) {
    const std::int64_t end = s.endMs < 0 ? m_story.nowMs : s.endMs;
    QRectF r(QPointF(x(s.startMs), bar.top()), QPointF(std::max(x(end), x(s.startMs) + 1.0), bar.bottom()));
    switch (s.kind) {
      case SegmentKind::Waiting: painter.fillRect(r, QColor(150, 150, 150)); break;
      case SegmentKind::Running: painter.fillRect(r, jobKindColor(m_story.job.spec.kind)); break;
      case SegmentKind::Preempted:
        painter.fillRect(r, jobKindColor(m_story.job.spec.kind));
        painter.fillRect(r, QBrush(QColor(0, 0, 0, 150), Qt::BDiagPattern));
        break;
      case SegmentKind::Migrated: {
        painter.fillRect(r, jobKindColor(m_story.job.spec.kind));
        // An arrow at the end: the run went on elsewhere.
        painter.setPen(QPen(palette().color(QPalette::WindowText), 2));
        const double y = r.center().y();
        painter.drawLine(QPointF(r.right() - 10, y), QPointF(r.right(), y));
        painter.drawLine(QPointF(r.right() - 4, y - 4), QPointF(r.right(), y));
        painter.drawLine(QPointF(r.right() - 4, y + 4), QPointF(r.right(), y));
        break;
      }
      case SegmentKind::Predicted: break;  // never in a story: jobStoryOf leaves forecasts out
    }
  }
  painter.setPen(palette().color(QPalette::Mid));
  painter.drawRect(bar);
  painter.setPen(palette().color(QPalette::WindowText));
  const QRectF labels(bar.left(), bar.bottom() + 2, bar.width(), fontMetrics().height());
  painter.drawText(labels, Qt::AlignLeft | Qt::AlignTop, clockText(from));
  painter.drawText(labels, Qt::AlignRight | Qt::AlignTop, clockText(to));
}

}  // namespace hetsched
