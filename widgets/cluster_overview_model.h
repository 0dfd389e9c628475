#pragma once

#include "base/model/connection_state.h"
#include "kind_stats.h"

#include <QAbstractTableModel>
#include <QList>
#include <cstddef>
#include <cstdint>

namespace hetsched {

// One connected cluster as the overview page shows it.
struct ClusterSummary {
  QString name;
  QString target;
  ConnectionState state = ConnectionState::Connecting;
  bool replay = false;
  bool haveFrame = false;
  std::size_t devices = 0;
  KindStatsTable kinds{};
  std::uint32_t alertsFiring = 0;  // the gateway's alert rules, firing now
};

// The overview page's table: one row per open cluster (devices, mean
// utilisation per kind, queued jobs, alerts, connection state). Rows are
// values set by whoever watches the clusters; the model holds no cluster.
class ClusterOverviewModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Name, State, Devices, CpuUtil, GpuUtil, TpuUtil, Queued, Alerts, ColumnCount };

  explicit ClusterOverviewModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Adds the row of `key` or replaces it; keys are the caller's.
  void setSummary(quintptr key, const ClusterSummary& summary);
  void remove(quintptr key);
  int rowOf(quintptr key) const;
  quintptr keyAt(int row) const { return m_keys.value(row); }
  const ClusterSummary& summaryAt(int row) const { return m_rows[row]; }
  // The alerts of a row in words (connection lost, nodes down), empty
  // when none.
  static QString alertText(const ClusterSummary& summary);
  static QString stateText(const ClusterSummary& summary);

 private:
  QList<quintptr> m_keys;
  QList<ClusterSummary> m_rows;
};

}  // namespace hetsched
