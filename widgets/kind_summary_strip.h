#pragma once

#include "kind_stats.h"

#include <QWidget>

#include <array>

class QLabel;

namespace hetsched {

// A row of compact cards, one per device kind present: devices, mean
// utilization, running and queued jobs, power draw.
class KindSummaryStrip : public QWidget {
  Q_OBJECT
public:
  enum class Field { Devices, MeanUtilization, RunningJobs, QueuedJobs, Power };
  static constexpr std::size_t kFieldCount = 5;

  explicit KindSummaryStrip(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  void setFrame(const Frame& frame);

  const KindStats& stats(DeviceKind kind) const { return m_stats[index(kind)]; }
  QString valueText(DeviceKind kind, Field field) const;

private:
  struct Card {
    QWidget* frame = nullptr;
    QLabel* title = nullptr;
    QLabel* status = nullptr;
    std::array<QLabel*, kFieldCount> values{};
  };

  void refresh(const Frame* frame);

  Topology m_topology;
  KindStatsTable m_stats{};
  std::array<Card, kDeviceKindCount> m_cards{};
};

}  // namespace hetsched
