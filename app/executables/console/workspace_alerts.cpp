// ClusterWorkspace: the gateway's alerts, polled with GetAlerts every
// couple of seconds while live (docs/alerts.md says why not in the frames).
// New firing alerts are announced (alertsFired) for the window's
// notification; alerts are acknowledged and the rules edited through the
// GatewayControl, so every console sees the same.
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "gateway_control.h"
#include "serve/alert/alert.h"
#include "widgets/alert_list_model.h"
#include "widgets/alert_list_view.h"
#include "widgets/alert_rules_dialog.h"
#include "widgets/alert_text.h"

#include <QTabWidget>
#include <cstdint>
#include <memory>
#include <vector>

namespace hetsched {

void ClusterWorkspace::onAlerts(const std::shared_ptr<const AlertReport>& report) {
  const std::vector<Alert> fresh = m_alertList->setReport(*report);
  if (fresh.empty()) return;
  QStringList lines;
  for (const Alert& a : fresh) lines.push_back(alertSummaryText(a));
  Q_EMIT alertsFired(tr("%1: %n alerts firing", nullptr, static_cast<int>(fresh.size())).arg(m_name),
                     lines.join(QLatin1Char('\n')));
}

void ClusterWorkspace::showAlertCount(int unacknowledged) {
  const int index = m_tabs->indexOf(m_alertList);
  m_tabs->setTabText(index, unacknowledged > 0 ? tr("Alerts (%1)").arg(unacknowledged) : tr("Alerts"));
}

void ClusterWorkspace::acknowledgeAlerts(const std::vector<std::uint64_t>& ids) {
  if (m_control) m_control->acknowledgeAlerts(ids);  // replay: the buttons are off
}

void ClusterWorkspace::onAlertsAcknowledged(int added, int unknown) {
  QString text = tr("%n alerts acknowledged", nullptr, added);
  if (unknown > 0) text += QStringLiteral(" · ") + tr("%n no longer on the gateway", nullptr, unknown);
  Q_EMIT message(text, 5000);
  m_connection->refreshAlerts();
}

AlertRulesDialog* ClusterWorkspace::alertRulesDialog() const { return m_rulesDialog; }

void ClusterWorkspace::openAlertRules() {
  if (!m_control) return;  // replay: the button is off, and so is this
  if (!m_rulesDialog) {
    m_rulesDialog = new AlertRulesDialog(m_alertList->model()->report().rules, this);
    m_rulesDialog->setAttribute(Qt::WA_DeleteOnClose);
    GatewayControl* control = m_control.get();
    connect(m_rulesDialog, &AlertRulesDialog::applyRequested, control, &GatewayControl::setAlertRules);
    connect(control, &GatewayControl::alertRulesFailed, m_rulesDialog, &AlertRulesDialog::showError);
    connect(control, &GatewayControl::alertRulesSet, m_rulesDialog, [this] {
      Q_EMIT message(tr("Alert rules replaced"), 5000);
      m_connection->refreshAlerts();
      m_rulesDialog->accept();
    });
  }
  m_rulesDialog->show();
  m_rulesDialog->raise();
}

}  // namespace hetsched
