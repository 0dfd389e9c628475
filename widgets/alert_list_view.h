#pragma once

#include "serve/alert/alert.h"

#include <QWidget>
#include <cstdint>
#include <vector>

class QLabel;
class QPushButton;
class QTableView;

namespace hetsched {

class AlertListModel;

// The Alerts page: the gateway's alerts in a table, a line saying how many
// fire and which rules run, Acknowledge (the selected rows, or all) and Edit
// rules. Both buttons only ask: the owner acknowledges on the gateway and
// opens the editor, and turns them off when nothing can change the gateway
// (in replay). Takes reports; never calls the gateway.
class AlertListView : public QWidget {
  Q_OBJECT
 public:
  explicit AlertListView(QWidget* parent = nullptr);

  // Returns the alerts that newly fired (for a notification).
  std::vector<Alert> setReport(const AlertReport& report);
  // Why neither acknowledging nor editing the rules can be done now; empty: they can.
  void setReadOnly(const QString& reason);
  AlertListModel* model() const { return m_model; }
  QTableView* table() const { return m_table; }
  void acknowledgeSelected();
  void acknowledgeAll();

 Q_SIGNALS:
  void editRulesRequested();
  void acknowledgeRequested(const std::vector<std::uint64_t>& ids);
  // The number of firing alerts nobody acknowledged changed.
  void unacknowledgedChanged(int count);

 private:
  void updateSummary();
  void updateButtons();

  AlertListModel* m_model;
  QLabel* m_summary;
  QTableView* m_table;
  QPushButton* m_acknowledge;
  QPushButton* m_acknowledgeAll;
  QPushButton* m_editRules;
  QString m_readOnly;  // why nothing can be changed; empty: it can
};

}  // namespace hetsched
