#include "alert_list_model.h"

#include "alert_text.h"
#include "serve/alert/alert.h"
#include "serve/alert/alert_rule.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QPalette>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <utility>
#include <vector>

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
    if (!m_firing.contains(a.id) && !a.acknowledged()) fresh.push_back(a);
  }
  m_firing = std::move(firing);
  endResetModel();
  return fresh;
}

bool AlertListModel::isAcknowledged(std::uint64_t id) const {
  return std::ranges::any_of(m_report.alerts, [id](const Alert& a) { return a.id == id && a.acknowledged(); });
}

std::size_t AlertListModel::unacknowledgedFiring() const {
  return static_cast<std::size_t>(std::ranges::count_if(
      m_report.alerts, [](const Alert& a) { return a.state == AlertState::Firing && !a.acknowledged(); }));
}

std::vector<std::uint64_t> AlertListModel::unacknowledgedIds() const {
  std::vector<std::uint64_t> ids;
  for (const Alert& a : m_report.alerts)
    if (a.state != AlertState::Resolved && !a.acknowledged()) ids.push_back(a.id);
  return ids;
}

int AlertListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_report.alerts.size());
}

int AlertListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AlertListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Alert& a = m_report.alerts[static_cast<std::size_t>(index.row())];
  const bool acknowledged = a.acknowledged();
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
      case AcknowledgedBy:
        if (!acknowledged) return QString();
        return QStringLiteral("%1, %2").arg(
            QString::fromStdString(a.acknowledgedBy),
            QDateTime::fromMSecsSinceEpoch(a.acknowledgedWallMs).toString(QStringLiteral("HH:mm")));
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
  if (role == Qt::ToolTipRole) {
    if (!acknowledged) return alertSummaryText(a);
    return QString(
        alertSummaryText(a) + QLatin1Char('\n') +
        tr("Acknowledged by %1 at %2")
            .arg(QString::fromStdString(a.acknowledgedBy),
                 QDateTime::fromMSecsSinceEpoch(a.acknowledgedWallMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
  }
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
    case AcknowledgedBy: return tr("Acknowledged by");
    default: return {};
  }
}

}  // namespace hetsched
