#pragma once

#include "serve/alert/alert_rule.h"

#include <QDialog>
#include <vector>

class QLabel;
class QPlainTextEdit;

namespace hetsched {

// Edits the gateway's alert rules as a rules file (JSON, docs/alerts.md):
// checked here first, naming the bad field; Apply asks the owner to send
// them (applyRequested), who answers with accept() or showError().
class AlertRulesDialog : public QDialog {
  Q_OBJECT
 public:
  explicit AlertRulesDialog(const std::vector<AlertRule>& rules, QWidget* parent = nullptr);

  QPlainTextEdit* editor() const { return m_editor; }
  void showError(const QString& message);
  // Checks the text and, if it holds, asks for the rules to be applied.
  void apply();

 Q_SIGNALS:
  void applyRequested(const std::vector<hetsched::AlertRule>& rules);

 private:
  QPlainTextEdit* m_editor;
  QLabel* m_error;
};

}  // namespace hetsched
