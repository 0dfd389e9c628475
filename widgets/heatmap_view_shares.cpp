// HeatmapView: what the job list and a search add to the map (who holds each
// device, the devices found), apart from frames.
#include "base/model/device_kind.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "heatmap_overlay.h"
#include "heatmap_view.h"
#include "metric.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace hetsched {

void HeatmapView::setAllocation(std::shared_ptr<const GpuAllocation> allocation) {
  if (allocation && allocation->deviceCount() != m_topology->devices.size()) return;
  m_allocation = std::move(allocation);
  updateShareMarks();
  if (m_metric == Metric::Allocation) fillCells();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

JobId HeatmapView::jobOn(int device) const {
  if (device < 0 || static_cast<std::size_t>(device) >= m_topology->devices.size()) return 0;
  const auto d = static_cast<std::size_t>(device);
  if (m_allocation && m_allocation->jobCount(d) > 0) return m_allocation->sharesOf(d).front().job;
  return m_frame ? m_frame->job[d] : 0;
}

void HeatmapView::onPlotDoubleClick(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  const auto device = deviceAt(m_plot->mapTo(this, event->position().toPoint()));
  if (!device) return;
  if (const JobId job = jobOn(*device)) Q_EMIT jobActivated(job);
}

void HeatmapView::setHighlightedDevices(std::span<const std::uint32_t> devices) {
  m_highlighted.assign(devices.begin(), devices.end());
  updateHighlights();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::updateHighlights() {
  std::vector<HeatmapOverlay::Cell> cells;
  cells.reserve(m_highlighted.size());
  for (const std::uint32_t d : m_highlighted) {
    if (d >= m_topology->devices.size()) continue;
    cells.push_back({m_bands.bandOfRow(m_layout.rowOfDevice(d)), static_cast<int>(m_topology->devices[d].slot)});
  }
  // Merged bands put many devices in one cell: outline it once.
  std::ranges::sort(cells, {}, [](const HeatmapOverlay::Cell& c) { return std::pair(c.row, c.slot); });
  const auto [first, last] = std::ranges::unique(
      cells,
      [](const HeatmapOverlay::Cell& a, const HeatmapOverlay::Cell& b) { return a.row == b.row && a.slot == b.slot; });
  cells.erase(first, last);
  m_overlay->setHighlights(std::move(cells));
}

void HeatmapView::setShownDevices(std::optional<std::vector<std::uint32_t>> devices) {
  m_shown = std::move(devices);
  updateFilterMask();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::updateFilterMask() {
  std::vector<HeatmapOverlay::Run> runs;
  if (m_shown) {
    // One flag per drawn cell: a merged band's cell stays clear while any
    // of its devices passes, so a filter never hides a device it names.
    const int columns = m_bands.columnCount();
    std::vector<std::uint8_t> keep(static_cast<std::size_t>(m_bands.bandCount()) * static_cast<std::size_t>(columns),
                                   0);
    for (const std::uint32_t d : *m_shown) {
      if (d >= m_topology->devices.size()) continue;
      const auto band = static_cast<std::size_t>(m_bands.bandOfRow(m_layout.rowOfDevice(d)));
      keep[band * static_cast<std::size_t>(columns) + m_topology->devices[d].slot] = 1;
    }
    for (int band = 0; band < m_bands.bandCount(); ++band) {
      for (int slot = 0; slot < columns;) {
        const auto veiled = [&](int s) {
          return !keep[static_cast<std::size_t>(band) * static_cast<std::size_t>(columns) +
                       static_cast<std::size_t>(s)] &&
                 m_bands.deviceAt(band, s).has_value();
        };
        if (!veiled(slot)) {
          ++slot;
          continue;
        }
        const int first = slot;
        while (slot < columns && veiled(slot)) ++slot;
        runs.push_back({band, first, slot - 1});
      }
    }
  }
  m_overlay->setVeiled(std::move(runs));
}

void HeatmapView::updateShareMarks() {
  std::vector<HeatmapOverlay::ShareMark> marks;
  // Merged bands show one device for many: a mark there would claim a share
  // for the wrong device, so marks need a row per band.
  if (m_allocation && !m_bands.aggregated()) {
    for (std::size_t d = 0; d < m_allocation->deviceCount(); ++d) {
      // CPU sockets are shared by design (cores); the question is GPUs and TPUs.
      if (!m_allocation->isShared(d) || m_topology->kindOf(d) == DeviceKind::Cpu) continue;
      marks.push_back({m_bands.bandOfRow(m_layout.rowOfDevice(d)), static_cast<int>(m_topology->devices[d].slot),
                       m_allocation->fractions()[d], static_cast<int>(m_allocation->jobCount(d))});
    }
  }
  m_overlay->setShareMarks(std::move(marks));
}

}  // namespace hetsched
