#include "alert_text.h"

#include "serve/alert/alert.h"
#include "serve/alert/alert_rule.h"

#include <QCoreApplication>
#include <cmath>

namespace hetsched {

namespace {

// The translation context of these strings ("AlertText").
struct AlertText {
  Q_DECLARE_TR_FUNCTIONS(AlertText)
};

}  // namespace

QString alertKindText(AlertRuleKind kind) {
  switch (kind) {
    case AlertRuleKind::NodeDown: return AlertText::tr("node down");
    case AlertRuleKind::DeviceTemperature: return AlertText::tr("device temperature");
    case AlertRuleKind::DevicePower: return AlertText::tr("device power");
    case AlertRuleKind::JobWait: return AlertText::tr("job waiting too long");
    case AlertRuleKind::GpusIdleWhileWaiting: return AlertText::tr("GPUs idle while GPU jobs wait");
    case AlertRuleKind::CanaryWorse: return AlertText::tr("canary worse than active policy");
  }
  return {};
}

QString alertSeverityText(AlertSeverity severity) {
  return severity == AlertSeverity::Critical ? AlertText::tr("critical") : AlertText::tr("warning");
}

QString alertStateText(AlertState state) {
  switch (state) {
    case AlertState::Pending: return AlertText::tr("pending");
    case AlertState::Firing: return AlertText::tr("firing");
    case AlertState::Resolved: return AlertText::tr("resolved");
  }
  return {};
}

QString alertValueText(const Alert& a) {
  const auto rounded = static_cast<int>(std::lround(a.value));
  switch (a.kind) {
    case AlertRuleKind::NodeDown: return AlertText::tr("down");
    case AlertRuleKind::DeviceTemperature: return AlertText::tr("%1 °C (above %2)").arg(rounded).arg(a.threshold);
    case AlertRuleKind::DevicePower: return AlertText::tr("%1 W (above %2)").arg(rounded).arg(a.threshold);
    case AlertRuleKind::JobWait:
      return AlertText::tr("waited %1 min (above %2)").arg(a.value / 60.0, 0, 'f', 1).arg(a.threshold / 60.0);
    case AlertRuleKind::GpusIdleWhileWaiting: return AlertText::tr("%n idle GPUs", nullptr, rounded);
    case AlertRuleKind::CanaryWorse: return AlertText::tr("+%1 s mean wait").arg(rounded);
  }
  return {};
}

QString alertSubjectText(const Alert& a) {
  if (a.kind == AlertRuleKind::JobWait) {
    if (a.subject == "high") return AlertText::tr("high priority");
    if (a.subject == "middle") return AlertText::tr("middle priority");
    if (a.subject == "low") return AlertText::tr("low priority");
  }
  if (a.kind == AlertRuleKind::GpusIdleWhileWaiting) return AlertText::tr("GPUs");
  if (a.kind == AlertRuleKind::CanaryWorse) return AlertText::tr("canary %1").arg(QString::fromStdString(a.subject));
  return QString::fromStdString(a.subject);
}

QString alertSummaryText(const Alert& a) {
  return AlertText::tr("%1: %2 (%3, %4)")
      .arg(QString::fromStdString(a.rule), alertSubjectText(a), alertKindText(a.kind), alertValueText(a));
}

}  // namespace hetsched
