#pragma once

#include "serve/alert/alert.h"
#include "serve/alert/alert_rule.h"

#include <QString>

namespace hetsched {

// Alerts in the operator's language (the backend sends values, no text).
QString alertKindText(AlertRuleKind kind);
QString alertSeverityText(AlertSeverity severity);
QString alertStateText(AlertState state);
// What the condition measured: "91 °C", "3 idle GPUs", "+84 s mean wait".
QString alertValueText(const Alert& alert);
// Its subject: a node's name, a priority class, "GPUs", a policy version.
QString alertSubjectText(const Alert& alert);
// One line for a notification: "node-down: gpu-003 (node down)".
QString alertSummaryText(const Alert& alert);

}  // namespace hetsched
