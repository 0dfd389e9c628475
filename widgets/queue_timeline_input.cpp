// QueueTimelineView: hover, mouse, wheel and keyboard handling.
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "job_style.h"
#include "queue_timeline_view.h"
#include "tool_tip.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace hetsched {

namespace {
constexpr int kDragThreshold = 4;
constexpr double kKeyZoom = 1.25;
constexpr double kKeyPanFraction = 0.1;
}  // namespace

QString QueueTimelineView::toolTipAt(QPoint pos) const {
  const auto segment = segmentAt(pos);
  if (!segment) return {};
  const TimelineSegment& s = m_timeline->segments[*segment];
  const TimelineJob* job = jobOf(*segment);
  QString what;
  switch (s.kind) {
    case SegmentKind::Waiting: what = tr("waiting in the queue"); break;
    case SegmentKind::Running: what = tr("running"); break;
    case SegmentKind::Preempted: what = tr("preempted run"); break;
    case SegmentKind::Migrated: what = tr("run before migration"); break;
    case SegmentKind::Predicted: what = tr("predicted run (the live forecast)"); break;
  }
  const Topology& topology = m_layout.topology();
  // A waiting bar has no device: "waiting in the queue" says where already.
  QString where;
  if (s.device >= 0 && static_cast<std::size_t>(s.device) < topology.devices.size()) {
    const DeviceInfo& d = topology.devices[static_cast<std::size_t>(s.device)];
    where = tr("%1 · slot %2").arg(QString::fromStdString(topology.nodes[d.node].name)).arg(d.slot);
  }
  const QString name = job ? QString::fromStdString(job->name) : tr("(unknown job)");
  const QString end = s.endMs < 0 ? tr("still open") : clockText(s.endMs);
  const double minutes = static_cast<double>(m_index.endOf(*segment) - s.startMs) / 60000.0;
  QString text = tr("<b>%1</b> #%2<br>%3 · %4 priority")
                     .arg(name.toHtmlEscaped())
                     .arg(s.job)
                     .arg(job ? jobKindName(job->kind) : QString(), job ? priorityName(job->priority) : QString());
  if (job && !job->team.empty()) text += tr("<br>team %1").arg(QString::fromStdString(job->team).toHtmlEscaped());
  text += QStringLiteral("<br>") + (where.isEmpty() ? what : tr("%1 on %2").arg(what, where));
  text += tr("<br>%1 → %2 (%3 min)").arg(clockText(s.startMs), end, QLocale().toString(minutes, 'f', 1));
  return text;
}

bool QueueTimelineView::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    const auto& help = static_cast<const QHelpEvent&>(*event);
    answerToolTip(this, help, toolTipAt(help.pos()));
    return true;
  }
  return QWidget::event(event);
}

void QueueTimelineView::wheelEvent(QWheelEvent* event) {
  const int delta = event->angleDelta().y();
  if (delta == 0) return QWidget::wheelEvent(event);
  if (event->modifiers() & Qt::ShiftModifier) {
    panByPixels(0, delta / 4);  // Shift+wheel scrolls the rows
  } else {
    zoomBy(std::pow(1.0015, delta), static_cast<int>(event->position().x()));
  }
  event->accept();
}

void QueueTimelineView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
  m_pressPos = event->position().toPoint();
  m_lastDragPos = *m_pressPos;
  m_dragging = false;
}

void QueueTimelineView::mouseMoveEvent(QMouseEvent* event) {
  if (!m_pressPos || !(event->buttons() & Qt::LeftButton)) return;
  const QPoint pos = event->position().toPoint();
  if (!m_dragging && (pos - *m_pressPos).manhattanLength() < kDragThreshold) return;
  if (!m_dragging) setCursor(Qt::ClosedHandCursor);
  m_dragging = true;
  const QPoint delta = pos - m_lastDragPos;
  m_lastDragPos = pos;
  // The label column only scrolls rows; the plot pans both ways.
  panByPixels(m_pressPos->x() < plotRect().left() ? 0 : delta.x(), delta.y());
}

void QueueTimelineView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton || !m_pressPos) return QWidget::mouseReleaseEvent(event);
  if (!m_dragging) clickAt(*m_pressPos);
  m_pressPos.reset();
  m_dragging = false;
  unsetCursor();
}

void QueueTimelineView::mouseDoubleClickEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mouseDoubleClickEvent(event);
  if (const auto job = jobAt(event->position().toPoint())) Q_EMIT jobActivated(*job);
}

void QueueTimelineView::clickAt(QPoint pos) {
  const QRect plot = plotRect();
  if (pos.x() < plot.left() && pos.y() >= plot.top()) {
    // A click on a kind or node label folds or unfolds it.
    const int row = m_layout.rowAt(pos.y() - plot.top() + m_vbar->value());
    if (row < 0) return;
    const TimelineLayout::Row& r = m_layout.rows()[static_cast<std::size_t>(row)];
    if (r.type == TimelineLayout::RowType::Kind) setKindCollapsed(r.kind, !r.collapsed);
    else if (r.type == TimelineLayout::RowType::Node)
      setNodeCollapsed(static_cast<std::uint32_t>(r.node), !r.collapsed);
    return;
  }
  const auto job = jobAt(pos);
  if (!job) return;
  const JobId selected[] = {*job};
  setSelectedJobs(selected);
  Q_EMIT jobSelected(*job);
}

void QueueTimelineView::keyPressEvent(QKeyEvent* event) {
  const int pan = static_cast<int>(kKeyPanFraction * plotRect().width());
  switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(kKeyZoom); break;
    case Qt::Key_Minus: zoomBy(1.0 / kKeyZoom); break;
    case Qt::Key_Left: panByPixels(pan); break;
    case Qt::Key_Right: panByPixels(-pan); break;
    case Qt::Key_Up: panByPixels(0, TimelineLayout::kRowHeight); break;
    case Qt::Key_Down: panByPixels(0, -TimelineLayout::kRowHeight); break;
    case Qt::Key_PageUp: panByPixels(0, plotRect().height()); break;
    case Qt::Key_PageDown: panByPixels(0, -plotRect().height()); break;
    case Qt::Key_Home: setFollowNow(true); break;
    default: return QWidget::keyPressEvent(event);
  }
  event->accept();
}

}  // namespace hetsched
