#pragma once

#include "qcustomplot_include.h"

#include <cstddef>
#include <vector>

namespace hetsched {

// A sweep's points on two metrics, the Pareto front drawn over them and
// joined in order of the first metric, and the point last chosen ringed;
// optionally each point named beside it and its intervals as error bars.
// Hovering a point and clicking one are reported by index; a click is a
// press and release without a drag between.
class ParetoPlot : public QCustomPlot {
  Q_OBJECT
 public:
  explicit ParetoPlot(QWidget* parent = nullptr);

  // Each point's interval on both metrics (the ends, not the distances);
  // empty: none drawn.
  struct Intervals {
    std::vector<double> xLow, xHigh, yLow, yHigh;
  };
  // `labels`, when given, name each point beside it (at most kMaxLabels).
  void setPoints(std::vector<double> x, std::vector<double> y, std::vector<bool> front, const QString& xLabel,
                 const QString& yLabel, std::vector<QString> labels = {}, Intervals intervals = {});
  static constexpr std::size_t kMaxLabels = 40;
  std::size_t labelCount() const { return m_labels.size(); }
  bool hasErrorBars() const { return !m_intervals.xLow.empty(); }
  // The box point `index`'s error bars span as drawn (x from its low to its
  // high on the x metric, y likewise); empty without intervals.
  QRectF drawnInterval(int index) const;
  void setChosen(int index);
  int chosen() const { return m_chosen; }
  // The point within a few pixels of `pixel` (the nearest), or -1.
  int pointAt(const QPointF& pixel) const;
  // Where point `index` is drawn, in this widget's pixels.
  QPointF pixelOf(int index) const;
  std::size_t pointCount() const { return m_x.size(); }
  // Colours from `palette`; call on QEvent::PaletteChange.
  void restyle(const QPalette& palette);

 Q_SIGNALS:
  void pointHovered(int index, const QPoint& globalPos);
  void pointClicked(int index);

 protected:
  // Styles and points may have changed while hidden.
  void showEvent(QShowEvent* event) override;

 private:
  void redraw();
  // Names that would overlap another are lifted a line at a time.
  void placeLabels();

  std::vector<double> m_x;
  std::vector<double> m_y;
  std::vector<bool> m_front;
  std::vector<QString> m_labelTexts;
  Intervals m_intervals;
  std::vector<std::size_t> m_graphOrder;  // the points by x, as the graph holds them
  std::vector<QCPItemText*> m_labels;
  QCPErrorBars* m_xErrors;
  QCPErrorBars* m_yErrors;
  int m_chosen = -1;
  QPointF m_pressedAt;
};

}  // namespace hetsched
