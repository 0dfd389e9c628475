#include "alert_rules_dialog.h"

#include "serve/alert/alert_rule.h"
#include "serve/alert/alert_rules_file.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

AlertRulesDialog::AlertRulesDialog(const std::vector<AlertRule>& rules, QWidget* parent)
    : QDialog(parent), m_editor(new QPlainTextEdit(this)), m_error(new QLabel(this)) {
  setWindowTitle(tr("Alert rules"));
  auto* help = new QLabel(tr("The gateway's rules as a rules file (JSON). Kinds: node_down, device_temperature, "
                             "device_power, job_wait, gpus_idle_while_waiting, canary_worse. Applying replaces "
                             "every rule; the gateway records who did it in its audit log."),
                          this);
  help->setWordWrap(true);
  m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_editor->setPlainText(QString::fromStdString(alertRulesToJson(rules)));
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color: #d32f2f"));
  m_error->hide();
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
  connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &AlertRulesDialog::apply);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(help);
  layout->addWidget(m_editor, 1);
  layout->addWidget(m_error);
  layout->addWidget(buttons);
  resize(640, 520);
}

void AlertRulesDialog::showError(const QString& message) {
  m_error->setText(message);
  m_error->show();
}

void AlertRulesDialog::apply() {
  auto parsed = parseAlertRulesJson(m_editor->toPlainText().toStdString(), tr("rules").toStdString());
  if (auto* e = std::get_if<std::string>(&parsed)) return showError(QString::fromStdString(*e));
  m_error->hide();
  Q_EMIT applyRequested(std::get<std::vector<AlertRule>>(parsed));
}

}  // namespace hetsched
