#pragma once

#include "qcustomplot_include.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched {

// Draws what the colour map cannot: separators between device-kind groups,
// hatching over rows of down nodes, the selected cell and, on shared GPUs, how
// much is held (a bar along the cell's foot) and by how many jobs, GPUs
// split into MIG partitions, the cells a filter leaves out and the cells a
// search found. One layerable
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
  struct ShareMark {
    int row = 0;
    int slot = 0;
    float fraction = 0.0f;  // held, 0..1
    int jobs = 0;
  };
  void setShareMarks(std::vector<ShareMark> marks) { m_shares = std::move(marks); }
  // Slots firstSlot..lastSlot of one row.
  struct Run {
    int row = 0;
    int firstSlot = 0;
    int lastSlot = 0;
  };
  // A GPU in MIG mode and its instances, slots firstSlot (the GPU) to
  // lastSlot of one row: framed as one GPU, each cell labelled (the GPU
  // "MIG", an instance its profile, shortened to "3g" where "3g.20gb" does
  // not fit).
  struct PartitionLabel {
    int row = 0;
    int slot = 0;
    QString text;
    QString shortText;
  };
  void setPartitions(std::vector<Run> gpus, std::vector<PartitionLabel> labels) {
    m_partitions = std::move(gpus);
    m_partitionLabels = std::move(labels);
  }
  const std::vector<Run>& partitions() const { return m_partitions; }
  const std::vector<PartitionLabel>& partitionLabels() const { return m_partitionLabels; }
  // Cells a search found: outlined, each cell once however many devices it
  // stands for.
  void setHighlights(std::vector<Cell> cells) { m_highlights = std::move(cells); }
  const std::vector<Cell>& highlights() const { return m_highlights; }
  // Cells a filter leaves out, veiled in the page's colour.
  void setVeiled(std::vector<Run> runs) { m_veiled = std::move(runs); }
  const std::vector<Run>& veiled() const { return m_veiled; }
  const std::vector<ShareMark>& shareMarks() const { return m_shares; }

 protected:
  void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
  void draw(QCPPainter* painter) override;
  QRect clipRect() const override;

 private:
  QRectF rowsRect(int firstRow, int lastRow) const;
  QRectF cellRect(int row, int slot) const;
  void drawShares(QCPPainter* painter);
  void drawHighlights(QCPPainter* painter);
  void drawPartitions(QCPPainter* painter);

  QCPAxisRect* m_axisRect;
  std::vector<int> m_separators;
  std::vector<std::pair<int, int>> m_downRuns;  // inclusive row ranges
  std::optional<Cell> m_selection;
  std::vector<ShareMark> m_shares;
  std::vector<Cell> m_highlights;
  std::vector<Run> m_veiled;
  std::vector<Run> m_partitions;
  std::vector<PartitionLabel> m_partitionLabels;
};

}  // namespace hetsched
