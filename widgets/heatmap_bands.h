#pragma once

#include "base/model/topology.h"
#include "heatmap_layout.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hetsched {

// The rows the colour map actually draws. When node rows outnumber the plot's
// pixel rows, consecutive rows of one group are merged into bands about a
// pixel high; otherwise every row is its own band. Each band cell keeps the
// MAXIMUM of its devices and which device that was: nearest-neighbour
// sampling of 16,000 rows into 750 pixels would drop 19 rows in 20, and an
// operator must never lose the one hot device.
class HeatmapBands {
 public:
  struct Group {
    int firstBand = 0;
    int bandCount = 0;
  };

  // pixelRows <= 0 (not laid out yet) means one band per row.
  void rebuild(const Topology& topology, const HeatmapLayout& layout, int pixelRows);

  int bandCount() const { return static_cast<int>(m_bandFirstRow.size()); }
  int columnCount() const { return m_columns; }
  // 1 when every row is drawn on its own.
  int rowsPerBand() const { return m_rowsPerBand; }
  bool aggregated() const { return m_rowsPerBand > 1; }
  // Parallel to HeatmapLayout::groups().
  const std::vector<Group>& groups() const { return m_groups; }

  int bandOfRow(int row) const { return m_rowBand[static_cast<std::size_t>(row)]; }
  int firstRow(int band) const { return m_bandFirstRow[static_cast<std::size_t>(band)]; }
  int lastRow(int band) const;

  // Fills every cell with the maximum of scale * values[device] over its
  // devices; cells without a device become NaN.
  void aggregate(const std::vector<float>& values, double scale);
  double value(int band, int slot) const { return m_value[cellIndex(band, slot)]; }
  // The device behind a cell's colour (its hottest; before any frame, its
  // first), or nothing for a slot no node of the band has.
  std::optional<int> deviceAt(int band, int slot) const;

 private:
  std::size_t cellIndex(int band, int slot) const {
    return static_cast<std::size_t>(band) * static_cast<std::size_t>(m_columns) + static_cast<std::size_t>(slot);
  }

  int m_columns = 0;
  int m_rowsPerBand = 1;
  std::vector<Group> m_groups;
  std::vector<int> m_rowBand;
  std::vector<int> m_bandFirstRow;
  std::vector<std::size_t> m_deviceCell;  // precomputed so a frame is one flat loop
  std::vector<double> m_value;
  std::vector<int> m_device;  // -1: no device in the cell
  std::vector<int> m_firstDevice;
};

}  // namespace hetsched
