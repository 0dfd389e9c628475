#pragma once

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/topology.h"
#include "kind_stats.h"

#include <QWidget>
#include <array>
#include <cstddef>
#include <memory>
#include <vector>

class QGridLayout;
class QLabel;

namespace hetsched {

// Compact cards, one per device kind present: devices, mean utilization,
// running and queued jobs, power draw. Side by side when they fit at their
// natural width, otherwise wrapped onto more rows: a number is never cut.
class KindSummaryStrip : public QWidget {
  Q_OBJECT
 public:
  enum class Field { Devices, MeanUtilization, RunningJobs, QueuedJobs, Power };
  static constexpr std::size_t kFieldCount = 5;

  explicit KindSummaryStrip(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  void setTopology(std::shared_ptr<const Topology> topology);
  void setFrame(const Frame& frame);

  const KindStats& stats(DeviceKind kind) const { return m_stats[index(kind)]; }
  QString valueText(DeviceKind kind, Field field) const;
  // Cards per row as laid out now.
  int columns() const { return m_columns; }
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Card {
    QWidget* frame = nullptr;
    QLabel* title = nullptr;
    QLabel* status = nullptr;
    std::array<QLabel*, kFieldCount> values{};
  };

  void refresh(const Frame* frame);
  void reflow();

  // Shared with the workspace and the other views: at 1,000,000 devices a
  // copy is 25 MB. Never null.
  std::shared_ptr<const Topology> m_topology = std::make_shared<const Topology>();
  KindStatsTable m_stats{};
  std::array<Card, kDeviceKindCount> m_cards{};
  QGridLayout* m_grid;
  int m_columns = 0;
  std::vector<QWidget*> m_placed;  // the cards in the grid, in order
};

}  // namespace hetsched
