#include "heatmap_overlay.h"

#include <algorithm>

namespace hetsched {

HeatmapOverlay::HeatmapOverlay(QCustomPlot* plot, QCPAxisRect* axisRect)
    : QCPLayerable(plot), m_axisRect(axisRect) {}

void HeatmapOverlay::setSeparators(std::vector<int> firstRows) {
  m_separators = std::move(firstRows);
}

void HeatmapOverlay::setDownRows(const std::vector<std::uint8_t>& down) {
  // Runs, not rows: a rack that is down is one rectangle, and the vector keeps
  // its capacity so a steady stream of frames does not allocate.
  m_downRuns.clear();
  const int rows = static_cast<int>(down.size());
  for (int row = 0; row < rows;) {
    if (down[static_cast<std::size_t>(row)] == 0) {
      ++row;
      continue;
    }
    const int first = row;
    while (row < rows && down[static_cast<std::size_t>(row)] != 0) ++row;
    m_downRuns.emplace_back(first, row - 1);
  }
}

void HeatmapOverlay::setSelection(std::optional<Cell> cell) { m_selection = cell; }

void HeatmapOverlay::applyDefaultAntialiasingHint(QCPPainter* painter) const {
  painter->setAntialiasing(false);
}

QRect HeatmapOverlay::clipRect() const { return m_axisRect->rect(); }

QRectF HeatmapOverlay::rowsRect(int firstRow, int lastRow) const {
  const QCPAxis* x = m_axisRect->axis(QCPAxis::atBottom);
  const QCPAxis* y = m_axisRect->axis(QCPAxis::atLeft);
  const double top = y->coordToPixel(firstRow - 0.5);
  const double bottom = y->coordToPixel(lastRow + 0.5);
  return QRectF(QPointF(x->coordToPixel(x->range().lower), std::min(top, bottom)),
                QPointF(x->coordToPixel(x->range().upper), std::max(top, bottom)));
}

void HeatmapOverlay::draw(QCPPainter* painter) {
  painter->setPen(Qt::NoPen);
  const QColor downFill(60, 60, 60, 170);
  const QBrush hatch(QColor(230, 230, 230, 200), Qt::BDiagPattern);
  for (const auto& [first, last] : m_downRuns) {
    // At least a pixel tall, or a down node in a 10,000-row map vanishes.
    QRectF rect = rowsRect(first, last);
    if (rect.height() < 1.0) rect.setHeight(1.0);
    painter->fillRect(rect, downFill);
    painter->fillRect(rect, hatch);
  }

  // Group separators in the page's own colour: gaps, in either theme.
  painter->setPen(QPen(m_axisRect->parentPlot()->palette().color(QPalette::Base), 2));
  const QCPAxis* x = m_axisRect->axis(QCPAxis::atBottom);
  for (const int row : m_separators) {
    const double yPixel = m_axisRect->axis(QCPAxis::atLeft)->coordToPixel(row - 0.5);
    painter->drawLine(QLineF(x->coordToPixel(x->range().lower), yPixel,
                             x->coordToPixel(x->range().upper), yPixel));
  }

  if (!m_selection) return;
  const QCPAxis* y = m_axisRect->axis(QCPAxis::atLeft);
  QRectF cell(QPointF(x->coordToPixel(m_selection->slot - 0.5),
                      y->coordToPixel(m_selection->row - 0.5)),
              QPointF(x->coordToPixel(m_selection->slot + 0.5),
                      y->coordToPixel(m_selection->row + 0.5)));
  cell = cell.normalized();
  // Keep the mark findable when cells are thinner than the pen.
  if (cell.height() < 6.0) cell.adjust(0, -(6.0 - cell.height()) / 2, 0, (6.0 - cell.height()) / 2);
  painter->setBrush(Qt::NoBrush);
  // Dark outside, light inside: visible on both ends of every gradient.
  painter->setPen(QPen(QColor(0, 0, 0), 3));
  painter->drawRect(cell.adjusted(-1, -1, 1, 1));
  painter->setPen(QPen(QColor(255, 255, 255), 1.5));
  painter->drawRect(cell.adjusted(1, 1, -1, -1));
}

}  // namespace hetsched
