#pragma once

#include "base/history/device_history.h"
#include "device_text.h"
#include "metric.h"

#include <QColor>
#include <QStringList>
#include <QWidget>
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QPainter;

namespace hetsched {

// Devices' utilisation, memory, power and temperature over time: four small
// charts stacked on one time axis, each device in its own colour (a band
// from the least to the greatest value of each point, the greatest drawn as
// a line so a short peak stays visible), a legend, and one lane per device
// marking the jobs it ran (their names on hover). Takes a DeviceHistory
// value; fetching it is the host's.
class DeviceHistoryView : public QWidget {
  Q_OBJECT
 public:
  // The most devices one view overlays: beyond that the lines are a blur.
  static constexpr int kMaxDevices = 8;

  explicit DeviceHistoryView(QWidget* parent = nullptr);

  // names and tdpWatts are per series of `history` (TDP scales the power
  // chart; 0: unknown). Null clears the view.
  void setHistory(std::shared_ptr<const DeviceHistory> history, QStringList names, std::vector<double> tdpWatts);
  void setJobNames(JobNames names);
  std::shared_ptr<const DeviceHistory> history() const { return m_history; }
  int shownDevices() const;
  QStringList deviceNames() const { return m_names; }
  // The colour of the view's i-th device, on this palette.
  QColor deviceColor(int i) const;
  // What a hover at `pos` shows: a job run, or the values at that time.
  QString toolTipAt(QPoint pos) const;
  // The chart rectangles (utilisation, memory, power, temperature) and each
  // device's job lane, as last laid out; for tests.
  std::vector<QRect> chartRects() const;
  QRect laneRect(int device) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

 private:
  struct Layout {
    QRect legend;
    std::vector<QRect> lanes;
    std::vector<QRect> charts;
    int axisY = 0;
  };
  Layout layout() const;
  int legendHeight(int width) const;
  // The value range a chart's y axis spans, in display units.
  std::pair<double, double> rangeOf(SeriesMetric metric) const;
  double timeAt(const QRect& chart, int x) const;
  double xOf(const QRect& chart, double ms) const;
  void paintLegend(QPainter& p, const QRect& area) const;
  void paintLanes(QPainter& p, const Layout& l) const;
  void paintChart(QPainter& p, const QRect& area, SeriesMetric metric) const;
  void paintTimeAxis(QPainter& p, const QRect& chart, int y) const;
  std::optional<std::size_t> bucketAt(const QRect& chart, int x) const;

  std::shared_ptr<const DeviceHistory> m_history;
  QStringList m_names;
  std::vector<double> m_tdp;
  JobNames m_jobNames;
};

// The device history's chart titles: "Utilization (%)" and so on.
QString seriesMetricLabel(SeriesMetric metric);
// A series value in display units: percent for the fractions.
double seriesDisplayValue(SeriesMetric metric, float value);

}  // namespace hetsched
