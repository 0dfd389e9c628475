#include "alert_list_model.h"

#include "alert_text.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPalette>

namespace hetsched {

namespace {

QString clock(std::int64_t ms) {
  const std::int64_t s = std::abs(ms) / 1000;
  return QStringLiteral("%1%2:%3:%4")
      .arg(ms < 0 ? QStringLiteral("-") : QString())
      .arg(s / 3600)
      .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
      .arg(s % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

AlertListModel::AlertListModel(QObject* parent) : QAbstractTableModel(parent) {}

std::vector<Alert> AlertListModel::setReport(const AlertReport& report) {
  beginResetModel();
  m_report = report;
  std::set<std::uint64_t> firing;
  std::vector<Alert> fresh;
  for (const Alert& a : m_report.alerts) {
    if (a.state != AlertState::Firing) continue;
    firing.insert(a.id);
    if (!m_firing.contains(a.id) && !m_acknowledged.contains(a.id)) fresh.push_back(a);
  }
  m_firing = std::move(firing);
  // Acknowledgements of alerts the gateway no longer lists are let go.
  std::erase_if(m_acknowledged, [this](std::uint64_t id) {
    return std::ranges::none_of(m_report.alerts, [id](const Alert& a) { return a.id == id; });
  });
  endResetModel();
  return fresh;
}

void AlertListModel::acknowledge(const std::vector<std::uint64_t>& ids) {
  for (const std::uint64_t id : ids) m_acknowledged.insert(id);
  if (!m_report.alerts.empty())
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

std::size_t AlertListModel::unacknowledgedFiring() const {
  std::size_t n = 0;
  for (const std::uint64_t id : m_firing) n += m_acknowledged.contains(id) ? 0 : 1;
  return n;
}

int AlertListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_report.alerts.size());
}

int AlertListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AlertListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Alert& a = m_report.alerts[static_cast<std::size_t>(index.row())];
  const bool acknowledged = m_acknowledged.contains(a.id);
  if (role == AlertIdRole) return QVariant::fromValue<qulonglong>(a.id);
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case State: return acknowledged ? tr("%1 (acknowledged)").arg(alertStateText(a.state)) : alertStateText(a.state);
      case Severity: return alertSeverityText(a.severity);
      case Rule: return QString::fromStdString(a.rule);
      case Subject: return alertSubjectText(a);
      case Kind: return alertKindText(a.kind);
      case Value: return alertValueText(a);
      case Since: return clock(a.sinceMs);
      case Fired:
        if (a.state == AlertState::Resolved) return tr("%1, resolved %2").arg(clock(a.firedMs), clock(a.resolvedMs));
        return a.state == AlertState::Firing ? clock(a.firedMs) : QString();
      default: return {};
    }
  }
  if (role == Qt::ForegroundRole && (acknowledged || a.state != AlertState::Firing))
    return QPalette().brush(QPalette::Disabled, QPalette::Text);
  if (role == Qt::FontRole && a.state == AlertState::Firing && !acknowledged) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::DecorationRole && index.column() == State && a.state == AlertState::Firing)
    return QColor(a.severity == AlertSeverity::Critical ? QColor(0xd3, 0x2f, 0x2f) : QColor(0xf5, 0x7c, 0x00));
  if (role == Qt::ToolTipRole) return alertSummaryText(a);
  return {};
}

QVariant AlertListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case State: return tr("State");
    case Severity: return tr("Severity");
    case Rule: return tr("Rule");
    case Subject: return tr("Subject");
    case Kind: return tr("Condition");
    case Value: return tr("Value");
    case Since: return tr("Since");
    case Fired: return tr("Fired");
    default: return {};
  }
}

}  // namespace hetsched
