#include "alert_rule.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/slo_targets.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

constexpr std::array<std::string_view, kAlertRuleKindCount> kKindNames{
    "node_down", "device_temperature", "device_power", "job_wait", "gpus_idle_while_waiting", "canary_worse"};

}  // namespace

std::string_view toString(AlertRuleKind kind) { return kKindNames[static_cast<std::size_t>(kind)]; }

std::optional<AlertRuleKind> parseAlertRuleKind(std::string_view text) {
  for (std::size_t i = 0; i < kKindNames.size(); ++i)
    if (kKindNames[i] == text) return static_cast<AlertRuleKind>(i);
  return std::nullopt;
}

std::string_view toString(AlertSeverity severity) {
  return severity == AlertSeverity::Critical ? "critical" : "warning";
}

std::optional<AlertSeverity> parseAlertSeverity(std::string_view text) {
  if (text == "warning") return AlertSeverity::Warning;
  if (text == "critical") return AlertSeverity::Critical;
  return std::nullopt;
}

std::optional<PriorityClass> parsePriorityClass(std::string_view text) {
  for (const PriorityClass c : {PriorityClass::High, PriorityClass::Middle, PriorityClass::Low})
    if (toString(c) == text) return c;
  return std::nullopt;
}

std::vector<AlertRule> defaultAlertRules() {
  std::vector<AlertRule> rules;
  const auto add = [&rules](std::string name, AlertRuleKind kind, double forS, AlertSeverity severity, double above) {
    AlertRule& r = rules.emplace_back();
    r.name = std::move(name);
    r.kind = kind;
    r.forS = forS;
    r.severity = severity;
    r.above = above;
    return &r;
  };
  add("node-down", AlertRuleKind::NodeDown, 60, AlertSeverity::Critical, 0);
  // Data-centre GPUs throttle from about 85-90 C; CPUs run hotter by design.
  add("gpu-hot", AlertRuleKind::DeviceTemperature, 120, AlertSeverity::Warning, 85)->deviceKind = DeviceKind::Gpu;
  add("tpu-hot", AlertRuleKind::DeviceTemperature, 120, AlertSeverity::Warning, 85)->deviceKind = DeviceKind::Tpu;
  // Above the largest TDP in the device table (H100 SXM, 700 W) for minutes.
  add("gpu-power", AlertRuleKind::DevicePower, 300, AlertSeverity::Warning, 700)->deviceKind = DeviceKind::Gpu;
  // The seed's classes: real-time work waits minutes at most, background
  // hours. The same waits a policy's SLO targets default to, so a what-if's
  // slo_violations counts what these would have fired on.
  const auto target = [](PriorityClass c) { return kDefaultTargetWaitS[static_cast<std::size_t>(c)]; };
  add("wait-high", AlertRuleKind::JobWait, 60, AlertSeverity::Critical, target(PriorityClass::High))->priorityClass =
      PriorityClass::High;
  add("wait-middle", AlertRuleKind::JobWait, 60, AlertSeverity::Warning, target(PriorityClass::Middle))->priorityClass =
      PriorityClass::Middle;
  add("wait-low", AlertRuleKind::JobWait, 60, AlertSeverity::Warning, target(PriorityClass::Low))->priorityClass =
      PriorityClass::Low;
  add("gpus-idle-while-waiting", AlertRuleKind::GpusIdleWhileWaiting, 600, AlertSeverity::Warning, 4)->minWaiting = 1;
  AlertRule* canary = add("canary-worse", AlertRuleKind::CanaryWorse, 300, AlertSeverity::Warning, 60);
  canary->marginRatio = 0.5;
  canary->minStarted = 5;
  return rules;
}

}  // namespace hetsched
