#pragma once

#include "alert/alert.h"

#include <QAbstractTableModel>

#include <set>
#include <vector>

namespace hetsched {

// The gateway's alerts, one row each: firing (critical first), pending,
// then recently resolved. Acknowledging is this console's: it greys the
// row and keeps the alert out of notifications; the gateway is not told.
// Takes the whole report at once (a model reset).
class AlertListModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { State, Severity, Rule, Subject, Kind, Value, Since, Fired, ColumnCount };
  static constexpr int AlertIdRole = Qt::UserRole + 1;

  explicit AlertListModel(QObject* parent = nullptr);

  // Returns the alerts firing now that were not firing in the last report.
  std::vector<Alert> setReport(const AlertReport& report);
  const AlertReport& report() const { return m_report; }
  void acknowledge(const std::vector<std::uint64_t>& ids);
  bool isAcknowledged(std::uint64_t id) const { return m_acknowledged.contains(id); }
  // Firing alerts nobody here has acknowledged.
  std::size_t unacknowledgedFiring() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  AlertReport m_report;
  std::set<std::uint64_t> m_firing;  // ids firing in m_report
  std::set<std::uint64_t> m_acknowledged;
};

}  // namespace hetsched
