#pragma once

#include "alert/alert.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace hetsched {

class AlertListModel;

// The Alerts page: the gateway's alerts in a table, a line saying how many
// fire and which rules run, Acknowledge (the selected rows, or all), and
// Edit rules (the owner opens the editor; off when nothing can change the
// gateway, e.g. in replay). Takes reports; never calls the gateway.
class AlertListView : public QWidget {
  Q_OBJECT
 public:
  explicit AlertListView(QWidget* parent = nullptr);

  // Returns the alerts that newly fired (for a notification).
  std::vector<Alert> setReport(const AlertReport& report);
  // Why the rules cannot be edited now; empty: they can.
  void setRulesReadOnly(const QString& reason);
  AlertListModel* model() const { return m_model; }
  QTableView* table() const { return m_table; }
  void acknowledgeSelected();
  void acknowledgeAll();

 Q_SIGNALS:
  void editRulesRequested();
  // The number of firing alerts not acknowledged here changed.
  void unacknowledgedChanged(int count);

 private:
  void updateSummary();

  AlertListModel* m_model;
  QLabel* m_summary;
  QTableView* m_table;
  QPushButton* m_acknowledge;
  QPushButton* m_acknowledgeAll;
  QPushButton* m_editRules;
};

}  // namespace hetsched
