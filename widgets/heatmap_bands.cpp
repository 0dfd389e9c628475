#include "heatmap_bands.h"

#include "base/model/topology.h"
#include "heatmap_layout.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

namespace hetsched {

namespace {
// Bands needed when every band holds `rowsPerBand` rows: groups never share
// a band, so each group rounds up on its own.
int bandsNeeded(const std::vector<HeatmapLayout::Group>& groups, int rowsPerBand) {
  int bands = 0;
  for (const HeatmapLayout::Group& group : groups) bands += (group.rowCount + rowsPerBand - 1) / rowsPerBand;
  return bands;
}
}  // namespace

void HeatmapBands::rebuild(const Topology& topology, const HeatmapLayout& layout, int pixelRows) {
  const int rows = layout.rowCount();
  m_columns = layout.columnCount();
  // One size for all bands, so "one pixel row = N nodes" holds everywhere;
  // the per-group round-up may need a slightly larger N than rows / pixels.
  int largestGroup = 1;
  for (const HeatmapLayout::Group& group : layout.groups()) largestGroup = std::max(largestGroup, group.rowCount);
  m_rowsPerBand = 1;
  if (pixelRows > 0 && rows > pixelRows) {
    m_rowsPerBand = (rows + pixelRows - 1) / pixelRows;
    while (m_rowsPerBand < largestGroup && bandsNeeded(layout.groups(), m_rowsPerBand) > pixelRows) ++m_rowsPerBand;
  }

  m_groups.clear();
  m_rowBand.resize(static_cast<std::size_t>(rows));
  m_bandFirstRow.clear();
  for (const HeatmapLayout::Group& group : layout.groups()) {
    Group bands{static_cast<int>(m_bandFirstRow.size()), 0};
    for (int offset = 0; offset < group.rowCount; ++offset) {
      if (offset % m_rowsPerBand == 0) {
        m_bandFirstRow.push_back(group.firstRow + offset);
        ++bands.bandCount;
      }
      m_rowBand[static_cast<std::size_t>(group.firstRow) + static_cast<std::size_t>(offset)] =
          bands.firstBand + offset / m_rowsPerBand;
    }
    m_groups.push_back(bands);
  }

  const std::size_t cells = static_cast<std::size_t>(bandCount()) * static_cast<std::size_t>(m_columns);
  m_deviceCell.resize(topology.devices.size());
  m_firstDevice.assign(cells, -1);
  for (std::size_t device = 0; device < topology.devices.size(); ++device) {
    const int band = bandOfRow(layout.rowOfDevice(device));
    const std::size_t cell = cellIndex(band, static_cast<int>(topology.devices[device].slot));
    m_deviceCell[device] = cell;
    // Within a group rows keep topology order, so the first device seen is
    // the band's top row's.
    if (m_firstDevice[cell] < 0) m_firstDevice[cell] = static_cast<int>(device);
  }
  m_value.assign(cells, std::numeric_limits<double>::quiet_NaN());
  m_device = m_firstDevice;
}

int HeatmapBands::lastRow(int band) const {
  // Bands tile the rows in order, a group's last band possibly short.
  return band + 1 < bandCount() ? firstRow(band + 1) - 1 : static_cast<int>(m_rowBand.size()) - 1;
}

void HeatmapBands::aggregate(const std::vector<float>& values, double scale) {
  std::fill(m_value.begin(), m_value.end(), std::numeric_limits<double>::quiet_NaN());
  std::fill(m_device.begin(), m_device.end(), -1);
  const std::size_t devices = m_deviceCell.size();
  for (std::size_t device = 0; device < devices; ++device) {
    const std::size_t cell = m_deviceCell[device];
    const double value = scale * values[device];
    // Strictly greater: on a tie the earlier device (upper row) stays, so the
    // reported device does not flicker between equal neighbours.
    if (m_device[cell] < 0 || value > m_value[cell]) {
      m_value[cell] = value;
      m_device[cell] = static_cast<int>(device);
    }
  }
}

std::optional<int> HeatmapBands::deviceAt(int band, int slot) const {
  if (band < 0 || band >= bandCount() || slot < 0 || slot >= m_columns) return std::nullopt;
  const int device = m_device[cellIndex(band, slot)];
  if (device < 0) return std::nullopt;
  return device;
}

}  // namespace hetsched
