#include "alert_proto.h"

#include "alert.h"
#include "alert_rule.h"
#include "alerts.pb.h"
#include "base/model/device_kind.h"
#include "base/model/job.h"

#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

bool validName(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  for (const char c : name) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

std::variant<AlertRule, std::string> ruleFromProto(const v1::AlertRule& in, const std::string& at) {
  const auto bad = [&at](const char* field, const std::string& problem) { return at + "." + field + ": " + problem; };
  AlertRule r;
  if (!validName(in.name())) return bad("name", "'" + in.name() + "' must be 1 to 64 letters, digits, '-', '_' or '.'");
  r.name = in.name();
  const auto kind = parseAlertRuleKind(in.kind());
  if (!kind)
    return bad("kind", "'" + in.kind() +
                           "' is not one of node_down, device_temperature, device_power, job_wait, "
                           "gpus_idle_while_waiting, canary_worse");
  r.kind = *kind;
  if (!std::isfinite(in.for_s()) || in.for_s() < 0 || in.for_s() > 7 * 86400)
    return bad("for_s", "must be 0 to 604800 seconds");
  r.forS = in.for_s();
  if (!in.severity().empty()) {
    const auto severity = parseAlertSeverity(in.severity());
    if (!severity) return bad("severity", "'" + in.severity() + "' is not warning or critical");
    r.severity = *severity;
  }
  if (!std::isfinite(in.above()) || in.above() < 0 || in.above() > 1e9) return bad("above", "must be 0 to 1e9");
  r.above = in.above();
  const bool byDevice = r.kind == AlertRuleKind::DeviceTemperature || r.kind == AlertRuleKind::DevicePower;
  if (!in.device_kind().empty()) {
    if (!byDevice) return bad("device_kind", "only device_temperature and device_power rules take a device kind");
    const auto deviceKind = parseDeviceKind(in.device_kind());
    if (!deviceKind) return bad("device_kind", "'" + in.device_kind() + "' is not cpu, gpu or tpu");
    r.deviceKind = deviceKind;
  }
  if (r.kind == AlertRuleKind::JobWait) {
    const auto c = parsePriorityClass(in.priority_class());
    if (!c) return bad("priority_class", "'" + in.priority_class() + "' is not high, middle or low");
    r.priorityClass = *c;
  } else if (!in.priority_class().empty()) {
    return bad("priority_class", "only job_wait rules take a priority class");
  }
  if (in.min_waiting() != 0 && r.kind != AlertRuleKind::GpusIdleWhileWaiting)
    return bad("min_waiting", "only gpus_idle_while_waiting rules take min_waiting");
  r.minWaiting = in.min_waiting() == 0 ? 1 : in.min_waiting();
  if (r.kind != AlertRuleKind::CanaryWorse && (in.min_started() != 0 || in.margin_ratio() != 0))
    return bad(in.min_started() != 0 ? "min_started" : "margin_ratio", "only canary_worse rules take it");
  r.minStarted = in.min_started() == 0 ? 5 : in.min_started();
  if (!std::isfinite(in.margin_ratio()) || in.margin_ratio() < 0 || in.margin_ratio() > 100)
    return bad("margin_ratio", "must be 0 to 100");
  r.marginRatio = in.margin_ratio();
  if (r.kind == AlertRuleKind::DeviceTemperature && r.above > 200) return bad("above", "degrees C, at most 200");
  return r;
}

v1::Alert::State toProto(AlertState s) {
  switch (s) {
    case AlertState::Pending: return v1::Alert::PENDING;
    case AlertState::Firing: return v1::Alert::FIRING;
    case AlertState::Resolved: return v1::Alert::RESOLVED;
  }
  return v1::Alert::PENDING;
}

}  // namespace

std::variant<std::vector<AlertRule>, std::string> fromProto(const v1::AlertRuleSet& set) {
  if (static_cast<std::size_t>(set.rules_size()) > kMaxAlertRules)
    return "rules: at most " + std::to_string(kMaxAlertRules) + " rules, not " + std::to_string(set.rules_size());
  std::vector<AlertRule> rules;
  for (int i = 0; i < set.rules_size(); ++i) {
    const std::string at = "rules[" + std::to_string(i) + "]";
    auto rule = ruleFromProto(set.rules(i), at);
    if (auto* e = std::get_if<std::string>(&rule)) return *e;
    for (std::size_t j = 0; j < rules.size(); ++j)
      if (rules[j].name == std::get<AlertRule>(rule).name)
        return at + ".name: '" + rules[j].name + "' is also the name of rules[" + std::to_string(j) + "]";
    rules.push_back(std::get<AlertRule>(std::move(rule)));
  }
  return rules;
}

void toProto(const std::vector<AlertRule>& rules, v1::AlertRuleSet* out) {
  out->clear_rules();
  for (const AlertRule& r : rules) {
    v1::AlertRule* w = out->add_rules();
    w->set_name(r.name);
    w->set_kind(std::string(toString(r.kind)));
    w->set_for_s(r.forS);
    w->set_severity(std::string(toString(r.severity)));
    w->set_above(r.above);
    if (r.deviceKind) w->set_device_kind(std::string(toString(*r.deviceKind)));
    if (r.kind == AlertRuleKind::JobWait) w->set_priority_class(std::string(toString(r.priorityClass)));
    if (r.kind == AlertRuleKind::GpusIdleWhileWaiting) w->set_min_waiting(r.minWaiting);
    if (r.kind == AlertRuleKind::CanaryWorse) {
      w->set_min_started(r.minStarted);
      w->set_margin_ratio(r.marginRatio);
    }
  }
}

void toProto(const AlertReport& report, v1::GetAlertsResponse* out) {
  out->set_revision(report.revision);
  out->set_at_ms(report.atMs);
  out->set_evaluate_ms(report.evaluateMs);
  out->set_rules_origin(report.rulesOrigin);
  toProto(report.rules, out->mutable_rules());
  out->clear_alerts();
  for (const Alert& a : report.alerts) {
    v1::Alert* w = out->add_alerts();
    w->set_id(a.id);
    w->set_rule(a.rule);
    w->set_kind(std::string(toString(a.kind)));
    w->set_severity(std::string(toString(a.severity)));
    w->set_subject(a.subject);
    w->set_state(toProto(a.state));
    w->set_value(a.value);
    w->set_threshold(a.threshold);
    w->set_since_ms(a.sinceMs);
    w->set_fired_ms(a.firedMs);
    w->set_resolved_ms(a.resolvedMs);
    w->set_fired_wall_ms(a.firedWallMs);
    w->set_acknowledged_by(a.acknowledgedBy);
    w->set_acknowledged_wall_ms(a.acknowledgedWallMs);
  }
}

std::variant<AlertReport, std::string> fromProto(const v1::GetAlertsResponse& in) {
  AlertReport report;
  report.revision = in.revision();
  report.atMs = in.at_ms();
  report.evaluateMs = in.evaluate_ms();
  report.rulesOrigin = in.rules_origin();
  auto rules = fromProto(in.rules());
  if (auto* e = std::get_if<std::string>(&rules)) return *e;
  report.rules = std::get<std::vector<AlertRule>>(std::move(rules));
  for (int i = 0; i < in.alerts_size(); ++i) {
    const v1::Alert& w = in.alerts(i);
    const std::string at = "alerts[" + std::to_string(i) + "]";
    Alert a;
    a.id = w.id();
    a.rule = w.rule();
    const auto kind = parseAlertRuleKind(w.kind());
    if (!kind) return at + ".kind: '" + w.kind() + "' unknown";
    a.kind = *kind;
    const auto severity = parseAlertSeverity(w.severity());
    if (!severity) return at + ".severity: '" + w.severity() + "' unknown";
    a.severity = *severity;
    a.subject = w.subject();
    switch (w.state()) {
      case v1::Alert::PENDING: a.state = AlertState::Pending; break;
      case v1::Alert::FIRING: a.state = AlertState::Firing; break;
      case v1::Alert::RESOLVED: a.state = AlertState::Resolved; break;
      default: return at + ".state: out of range";
    }
    a.value = w.value();
    a.threshold = w.threshold();
    a.sinceMs = w.since_ms();
    a.firedMs = w.fired_ms();
    a.resolvedMs = w.resolved_ms();
    a.firedWallMs = w.fired_wall_ms();
    a.acknowledgedBy = w.acknowledged_by();
    a.acknowledgedWallMs = w.acknowledged_wall_ms();
    report.alerts.push_back(std::move(a));
  }
  return report;
}

}  // namespace hetsched
