#include "cluster_overview_model.h"

#include "base/model/connection_state.h"
#include "base/model/device_kind.h"
#include "kind_stats.h"

#include <QBrush>
#include <QFont>
#include <QPalette>
#include <QStringList>
#include <cstddef>
#include <cstdint>

namespace hetsched {

ClusterOverviewModel::ClusterOverviewModel(QObject* parent) : QAbstractTableModel(parent) {}

int ClusterOverviewModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ClusterOverviewModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString ClusterOverviewModel::stateText(const ClusterSummary& s) {
  if (s.replay) return tr("replaying a snapshot");
  switch (s.state) {
    case ConnectionState::Connecting: return tr("connecting");
    case ConnectionState::Live: return tr("live");
    case ConnectionState::Stale: return tr("lost — stale");
    case ConnectionState::Stopped: return tr("disconnected");
  }
  return {};
}

QString ClusterOverviewModel::alertText(const ClusterSummary& s) {
  QStringList alerts;
  if (!s.replay && s.state == ConnectionState::Stale) alerts << tr("connection lost");
  std::size_t down = 0;
  for (const KindStats& k : s.kinds) down += k.nodesDown;
  if (down > 0) alerts << tr("%n node(s) down", nullptr, static_cast<int>(down));
  if (!s.replay && s.alertsFiring > 0) alerts << tr("%n alert(s) firing", nullptr, static_cast<int>(s.alertsFiring));
  return alerts.join(QStringLiteral(", "));
}

QVariant ClusterOverviewModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const ClusterSummary& s = m_rows[index.row()];
  const auto util = [&s](DeviceKind kind) -> QVariant {
    const KindStats& k = s.kinds[static_cast<std::size_t>(kind)];
    if (k.devices == 0) return tr("—");
    if (!s.haveFrame) return tr("…");
    return tr("%1 %").arg(k.meanUtilization * 100.0, 0, 'f', 1);
  };
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Name: return s.name;
      case State: return stateText(s);
      case Devices: return static_cast<qulonglong>(s.devices);
      case CpuUtil: return util(DeviceKind::Cpu);
      case GpuUtil: return util(DeviceKind::Gpu);
      case TpuUtil: return util(DeviceKind::Tpu);
      case Queued: {
        std::uint64_t queued = 0;
        for (const KindStats& k : s.kinds) queued += k.queuedJobs;
        return s.haveFrame ? QVariant(static_cast<qulonglong>(queued)) : QVariant(tr("…"));
      }
      case Alerts: {
        const QString text = alertText(s);
        return text.isEmpty() ? tr("none") : text;
      }
      default: return {};
    }
  }
  if (role == Qt::ToolTipRole && index.column() <= State) return s.target;
  if (role == Qt::TextAlignmentRole && index.column() >= Devices && index.column() <= Queued)
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  // Alerts in the palette's link-visited colour would be decoration; bold
  // carries the meaning without relying on hue (colour-blind readers).
  if (role == Qt::FontRole && index.column() == Alerts && !alertText(s).isEmpty()) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  return {};
}

QVariant ClusterOverviewModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Name: return tr("Cluster");
    case State: return tr("Connection");
    case Devices: return tr("Devices");
    case CpuUtil: return tr("CPU use");
    case GpuUtil: return tr("GPU use");
    case TpuUtil: return tr("TPU use");
    case Queued: return tr("Queued");
    case Alerts: return tr("Alerts");
    default: return {};
  }
}

int ClusterOverviewModel::rowOf(quintptr key) const { return static_cast<int>(m_keys.indexOf(key)); }

void ClusterOverviewModel::setSummary(quintptr key, const ClusterSummary& summary) {
  const int row = rowOf(key);
  if (row >= 0) {
    m_rows[row] = summary;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return;
  }
  const int at = static_cast<int>(m_rows.size());
  beginInsertRows({}, at, at);
  m_keys.push_back(key);
  m_rows.push_back(summary);
  endInsertRows();
}

void ClusterOverviewModel::remove(quintptr key) {
  const int row = rowOf(key);
  if (row < 0) return;
  beginRemoveRows({}, row, row);
  m_keys.removeAt(row);
  m_rows.removeAt(row);
  endRemoveRows();
}

}  // namespace hetsched
