#pragma once

#include "qcustomplot_include.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace hetsched {

// Draws what the colour map cannot: separators between device-kind groups,
// hatching over rows of down nodes and the selected cell. One layerable
// painting runs of rows keeps the cost independent of the device count
// (100,000 QCPItemRects would not be).
class HeatmapOverlay : public QCPLayerable {
  Q_OBJECT
public:
  HeatmapOverlay(QCustomPlot* plot, QCPAxisRect* axisRect);

  void setSeparators(std::vector<int> firstRows);
  // One entry per row; non-zero marks a down node.
  void setDownRows(const std::vector<std::uint8_t>& down);
  struct Cell {
    int row = 0;
    int slot = 0;
  };
  void setSelection(std::optional<Cell> cell);

protected:
  void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
  void draw(QCPPainter* painter) override;
  QRect clipRect() const override;

private:
  QRectF rowsRect(int firstRow, int lastRow) const;

  QCPAxisRect* m_axisRect;
  std::vector<int> m_separators;
  std::vector<std::pair<int, int>> m_downRuns;  // inclusive row ranges
  std::optional<Cell> m_selection;
};

}  // namespace hetsched
