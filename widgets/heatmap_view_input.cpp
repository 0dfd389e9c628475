// HeatmapView: the mouse (hover and click) and the keyboard.
#include "base/model/topology.h"
#include "heatmap_view.h"
#include "tool_tip.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <algorithm>
#include <cstddef>
#include <optional>

namespace hetsched {

std::optional<int> HeatmapView::neighbour(int device, int key) const {
  if (device < 0 || static_cast<std::size_t>(device) >= m_topology->devices.size()) return std::nullopt;
  const DeviceInfo& info = m_topology->devices[static_cast<std::size_t>(device)];
  const int row = m_layout.rowOfDevice(static_cast<std::size_t>(device));
  const int slot = static_cast<int>(info.slot);
  const auto rowSize = [this](int r) { return static_cast<int>(m_topology->nodes[m_layout.nodeOfRow(r)].deviceCount); };
  const auto at = [this, &rowSize](int r, int s) -> std::optional<int> {
    if (r < 0 || r >= m_layout.rowCount() || rowSize(r) == 0) return std::nullopt;
    return m_layout.deviceAt(*m_topology, r, std::clamp(s, 0, rowSize(r) - 1));
  };
  switch (key) {
    case Qt::Key_Left: return slot > 0 ? at(row, slot - 1) : at(row - 1, rowSize(row - 1 >= 0 ? row - 1 : row) - 1);
    case Qt::Key_Right: return slot + 1 < rowSize(row) ? at(row, slot + 1) : at(row + 1, 0);
    case Qt::Key_Up: return at(row - 1, slot);
    case Qt::Key_Down: return at(row + 1, slot);
    case Qt::Key_Home: return at(row, 0);
    case Qt::Key_End: return at(row, rowSize(row) - 1);
    default: return std::nullopt;
  }
}

void HeatmapView::keyPressEvent(QKeyEvent* event) {
  const int key = event->key();
  if (key != Qt::Key_Left && key != Qt::Key_Right && key != Qt::Key_Up && key != Qt::Key_Down && key != Qt::Key_Home &&
      key != Qt::Key_End)
    return QWidget::keyPressEvent(event);
  event->accept();
  if (m_topology->devices.empty()) return;
  // Nothing selected yet: the first key picks the first device.
  const auto next = m_selected ? neighbour(*m_selected, key) : m_layout.deviceAt(*m_topology, 0, 0);
  if (!next) return;
  setSelectedDevice(next);
  Q_EMIT deviceSelected(*next);
}

bool HeatmapView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_plot && event->type() == QEvent::ToolTip) {
    const auto& help = static_cast<const QHelpEvent&>(*event);
    const auto device = deviceAt(m_plot->mapTo(this, help.pos()));
    answerToolTip(m_plot, help, device ? toolTipFor(*device) : QString());
    return true;
  }
  return QWidget::eventFilter(watched, event);
}

void HeatmapView::onPlotPress(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  const auto device = deviceAt(m_plot->mapTo(this, event->position().toPoint()));
  if (!device) return;
  setSelectedDevice(device);
  Q_EMIT deviceSelected(*device);
}

}  // namespace hetsched
