#pragma once

#include "serve/alert/alert.h"

#include <QAbstractTableModel>
#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

namespace hetsched {

// The gateway's alerts, one row each: firing (critical first), pending,
// then recently resolved. An alert acknowledged on the gateway (by anyone,
// from any console) is greyed, names who acknowledged it, and is kept out of
// notifications. Takes the whole report at once (a model reset).
class AlertListModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { State, Severity, Rule, Subject, Kind, Value, Since, Fired, AcknowledgedBy, ColumnCount };
  static constexpr int AlertIdRole = Qt::UserRole + 1;

  explicit AlertListModel(QObject* parent = nullptr);

  // Returns the alerts firing now that were not firing in the last report.
  std::vector<Alert> setReport(const AlertReport& report);
  const AlertReport& report() const { return m_report; }
  bool isAcknowledged(std::uint64_t id) const;
  // Firing alerts nobody has acknowledged.
  std::size_t unacknowledgedFiring() const;
  // The ids of firing and pending alerts nobody has acknowledged.
  std::vector<std::uint64_t> unacknowledgedIds() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  AlertReport m_report;
  std::set<std::uint64_t> m_firing;  // ids firing in m_report
};

}  // namespace hetsched
