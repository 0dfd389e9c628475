// EmbeddingMapView: rectangle, lasso and click selection with the mouse.
#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "embedding_map_view.h"
#include "qcustomplot_include.h"
#include "tool_tip.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched {

namespace {
constexpr int kMinDragPx = 4;
constexpr double kPickRadiusPx = 7.0;
}  // namespace

bool EmbeddingMapView::eventFilter(QObject* watched, QEvent* event) {
  if (watched != m_plot || m_points.empty()) return QWidget::eventFilter(watched, event);
  const auto type = event->type();
  if (type == QEvent::ToolTip) {
    const auto& help = static_cast<const QHelpEvent&>(*event);
    const std::optional<JobId> job = jobAt(help.pos());
    answerToolTip(m_plot, help, job ? toolTipFor(*job) : QString());
    return true;
  }
  if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove && type != QEvent::MouseButtonRelease)
    return QWidget::eventFilter(watched, event);
  auto* mouse = static_cast<QMouseEvent*>(event);
  const QPointF pos = mouse->position();
  if (type == QEvent::MouseButtonPress && mouse->button() == Qt::LeftButton &&
      m_plot->axisRect()->rect().contains(pos.toPoint())) {
    m_dragging = true;
    m_dragLasso = m_mode == SelectionMode::Lasso || (mouse->modifiers() & Qt::ShiftModifier);
    m_dragStart = toData(pos);
    m_dragPath = {m_dragStart};
    return true;
  }
  if (!m_dragging) return false;
  const QPointF here = toData(pos);
  if (type == QEvent::MouseMove) {
    if (m_dragLasso) {
      m_dragPath.append(here);
      QPolygonF closed = m_dragPath;
      closed.append(m_dragPath.first());
      QVector<double> xs, ys;
      for (const QPointF& p : closed) {
        xs.push_back(p.x());
        ys.push_back(p.y());
      }
      m_lasso->setData(xs, ys);
      m_lasso->setVisible(true);
    } else {
      m_rubberBand->topLeft->setCoords(m_dragStart);
      m_rubberBand->bottomRight->setCoords(here);
      m_rubberBand->setVisible(true);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    return true;
  }
  if (type == QEvent::MouseButtonRelease && mouse->button() == Qt::LeftButton) {
    m_dragPath.append(here);
    finishDrag(m_dragLasso);
    return true;
  }
  return false;
}

std::optional<JobId> EmbeddingMapView::jobAt(QPointF plotPos) const {
  std::optional<JobId> picked;
  double best = kPickRadiusPx * kPickRadiusPx;
  for (const EmbeddedPoint& p : m_shownPoints) {
    const QPointF d = pixelOf(p.x, p.y) - plotPos;
    const double dist = QPointF::dotProduct(d, d);
    if (dist <= best) {
      best = dist;
      picked = p.job;
    }
  }
  return picked;
}

void EmbeddingMapView::finishDrag(bool lasso) {
  m_dragging = false;
  m_rubberBand->setVisible(false);
  m_lasso->setVisible(false);
  m_lasso->data()->clear();
  const QPointF a = pixelOf(m_dragStart.x(), m_dragStart.y());
  const QPointF b = pixelOf(m_dragPath.last().x(), m_dragPath.last().y());
  const bool click = !lasso && (a - b).manhattanLength() < kMinDragPx;
  if (click) {
    // A click picks the nearest point under the cursor, or clears on empty
    // space, like in file managers.
    std::vector<JobId> picked;
    if (const std::optional<JobId> job = jobAt(a)) picked = {*job};
    const JobId clicked = picked.empty() ? 0 : picked.front();
    applySelection(std::move(picked));
    if (clicked != 0) Q_EMIT jobActivated(clicked);
  } else if (lasso) {
    selectInPolygon(m_dragPath);
  } else {
    selectInRect(QRectF(m_dragStart, m_dragPath.last()));
  }
}

}  // namespace hetsched
