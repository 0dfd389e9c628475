#pragma once

#include "qcustomplot_include.h"

#include <vector>

namespace hetsched {

// A sweep's points on two metrics, the Pareto front drawn over them and
// joined in order of the first metric, and the point last chosen ringed.
// Hovering a point and clicking one are reported by index; a click is a
// press and release without a drag between.
class ParetoPlot : public QCustomPlot {
  Q_OBJECT
 public:
  explicit ParetoPlot(QWidget* parent = nullptr);

  void setPoints(std::vector<double> x, std::vector<double> y, std::vector<bool> front, const QString& xLabel,
                 const QString& yLabel);
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

  std::vector<double> m_x;
  std::vector<double> m_y;
  std::vector<bool> m_front;
  int m_chosen = -1;
  QPointF m_pressedAt;
};

}  // namespace hetsched
