#include "heatmap_overlay.h"

#include "qcustomplot_include.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched {

HeatmapOverlay::HeatmapOverlay(QCustomPlot* plot, QCPAxisRect* axisRect) : QCPLayerable(plot), m_axisRect(axisRect) {}

void HeatmapOverlay::setSeparators(std::vector<int> firstRows) { m_separators = std::move(firstRows); }

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

void HeatmapOverlay::applyDefaultAntialiasingHint(QCPPainter* painter) const { painter->setAntialiasing(false); }

QRect HeatmapOverlay::clipRect() const { return m_axisRect->rect(); }

QRectF HeatmapOverlay::rowsRect(int firstRow, int lastRow) const {
  const QCPAxis* x = m_axisRect->axis(QCPAxis::atBottom);
  const QCPAxis* y = m_axisRect->axis(QCPAxis::atLeft);
  const double top = y->coordToPixel(firstRow - 0.5);
  const double bottom = y->coordToPixel(lastRow + 0.5);
  return QRectF(QPointF(x->coordToPixel(x->range().lower), std::min(top, bottom)),
                QPointF(x->coordToPixel(x->range().upper), std::max(top, bottom)));
}

QRectF HeatmapOverlay::cellRect(int row, int slot) const {
  const QCPAxis* x = m_axisRect->axis(QCPAxis::atBottom);
  const QCPAxis* y = m_axisRect->axis(QCPAxis::atLeft);
  return QRectF(QPointF(x->coordToPixel(slot - 0.5), y->coordToPixel(row - 0.5)),
                QPointF(x->coordToPixel(slot + 0.5), y->coordToPixel(row + 0.5)))
      .normalized();
}

void HeatmapOverlay::drawShares(QCPPainter* painter) {
  QFont font = m_axisRect->parentPlot()->font();
  font.setBold(true);
  const QFontMetricsF metrics(font);
  painter->setFont(font);
  for (const ShareMark& mark : m_shares) {
    const QRectF cell = cellRect(mark.row, mark.slot).adjusted(1, 1, -1, -1);
    if (cell.height() < 6.0 || cell.width() < 6.0) continue;
    // The held share as a bar along the cell's foot: dark track, light fill,
    // readable on either end of every gradient.
    const double barHeight = std::clamp(cell.height() * 0.22, 2.0, 6.0);
    const QRectF track(cell.left(), cell.bottom() - barHeight, cell.width(), barHeight);
    painter->setPen(Qt::NoPen);
    painter->fillRect(track, QColor(0, 0, 0, 170));
    QRectF held = track;
    held.setWidth(track.width() * std::clamp(static_cast<double>(mark.fraction), 0.0, 1.0));
    painter->fillRect(held, QColor(255, 255, 255, 230));
    // How many jobs, where a digit fits above the bar.
    const QString count = QStringLiteral("×%1").arg(mark.jobs);
    const QSizeF size(metrics.horizontalAdvance(count) + 4.0, metrics.height());
    if (size.height() > cell.height() - barHeight || size.width() > cell.width()) continue;
    const QRectF label(cell.right() - size.width(), cell.top(), size.width(), size.height());
    painter->fillRect(label, QColor(0, 0, 0, 170));
    painter->setPen(QColor(255, 255, 255));
    painter->drawText(label, Qt::AlignCenter, count);
  }
}

void HeatmapOverlay::drawPartitions(QCPPainter* painter) {
  if (m_partitions.empty()) return;
  QFont font = m_axisRect->parentPlot()->font();
  font.setPointSizeF(font.pointSizeF() * 0.85);
  const QFontMetricsF metrics(font);
  painter->setFont(font);
  for (const PartitionLabel& label : m_partitionLabels) {
    const QRectF cell = cellRect(label.row, label.slot).adjusted(2, 2, -2, -2);
    const QString& text = metrics.horizontalAdvance(label.text) + 4.0 <= cell.width() ? label.text : label.shortText;
    const QSizeF size(metrics.horizontalAdvance(text) + 4.0, metrics.height());
    if (size.width() > cell.width() || size.height() > cell.height()) continue;
    const QRectF box(cell.left(), cell.top(), size.width(), size.height());
    painter->fillRect(box, QColor(0, 0, 0, 170));
    painter->setPen(QColor(255, 255, 255));
    painter->drawText(box, Qt::AlignCenter, text);
  }
  // One frame around the GPU and its instances, and a tick between them:
  // dark outside, light inside, like the selection but dashed.
  painter->setBrush(Qt::NoBrush);
  for (const Run& gpu : m_partitions) {
    const QRectF frame =
        cellRect(gpu.row, gpu.firstSlot).united(cellRect(gpu.row, gpu.lastSlot)).adjusted(1, 1, -1, -1);
    if (frame.height() < 4.0) continue;
    painter->setPen(QPen(QColor(0, 0, 0), 3));
    painter->drawRect(frame);
    painter->setPen(QPen(QColor(255, 255, 255), 1.5, Qt::DashLine));
    painter->drawRect(frame);
    const double x = cellRect(gpu.row, gpu.firstSlot).right();
    painter->drawLine(QLineF(x, frame.top(), x, frame.bottom()));
  }
}

void HeatmapOverlay::drawHighlights(QCPPainter* painter) {
  if (m_highlights.empty()) return;
  QVector<QRectF> rects;
  rects.reserve(static_cast<qsizetype>(m_highlights.size()));
  for (const Cell& cell : m_highlights) {
    QRectF r = cellRect(cell.row, cell.slot);
    // Findable however thin the rows: at least 4 px tall.
    if (r.height() < 4.0) r.adjust(0, -(4.0 - r.height()) / 2, 0, (4.0 - r.height()) / 2);
    rects.push_back(r.adjusted(1, 1, -1, -1));
  }
  painter->setBrush(Qt::NoBrush);
  // Magenta is in none of the gradients; the black under it keeps it visible
  // on the bright ends.
  painter->setPen(QPen(QColor(0, 0, 0), 4));
  painter->drawRects(rects);
  painter->setPen(QPen(QColor(255, 0, 200), 2));
  painter->drawRects(rects);
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
    painter->drawLine(QLineF(x->coordToPixel(x->range().lower), yPixel, x->coordToPixel(x->range().upper), yPixel));
  }

  drawShares(painter);
  drawPartitions(painter);
  if (!m_veiled.empty()) {
    // Veiled, not hidden: the layout stays put and the colour shows faintly,
    // in either theme.
    QColor veil = m_axisRect->parentPlot()->palette().color(QPalette::Base);
    veil.setAlpha(215);
    QVector<QRectF> rects;
    rects.reserve(static_cast<qsizetype>(m_veiled.size()));
    for (const Run& run : m_veiled)
      rects.push_back(cellRect(run.row, run.firstSlot).united(cellRect(run.row, run.lastSlot)));
    painter->setPen(Qt::NoPen);
    painter->setBrush(veil);
    painter->drawRects(rects);
  }
  drawHighlights(painter);

  if (!m_selection) return;
  QRectF cell = cellRect(m_selection->row, m_selection->slot);
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
