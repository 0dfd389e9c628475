#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

// What an alert rule watches (docs/alerts.md).
enum class AlertRuleKind : std::uint8_t {
  NodeDown,              // one alert per node down
  DeviceTemperature,     // per node: its hottest device above `above` C
  DevicePower,           // per node: its most power-hungry device above `above` W
  JobWait,               // per class: the longest wait above `above` s
  GpusIdleWhileWaiting,  // idle GPUs on up nodes above `above` while GPU jobs wait
  CanaryWorse,           // the canary arm's mean wait worse than the active one's by a margin
};
inline constexpr std::size_t kAlertRuleKindCount = 6;

enum class AlertSeverity : std::uint8_t { Warning, Critical };

// One rule: a condition checked on every frame, which must hold for `forS`
// seconds of cluster time before its alert fires (so it does not flap).
struct AlertRule {
  std::string name;
  AlertRuleKind kind = AlertRuleKind::NodeDown;
  double forS = 0.0;
  AlertSeverity severity = AlertSeverity::Warning;
  double above = 0.0;
  std::optional<DeviceKind> deviceKind;  // temperature, power: only this kind
  PriorityClass priorityClass = PriorityClass::High;  // job wait
  std::uint32_t minWaiting = 1;  // GPUs idle: GPU jobs waiting, at least
  std::uint32_t minStarted = 5;  // canary: starts in each arm's window, at least
  double marginRatio = 0.0;      // canary

  bool operator==(const AlertRule&) const = default;
};

std::string_view toString(AlertRuleKind kind);
std::optional<AlertRuleKind> parseAlertRuleKind(std::string_view text);
std::string_view toString(AlertSeverity severity);
std::optional<AlertSeverity> parseAlertSeverity(std::string_view text);
std::optional<PriorityClass> parsePriorityClass(std::string_view text);

// The rules a gateway runs when given none: thresholds an operator of a GPU
// fleet would start from (docs/alerts.md lists them).
std::vector<AlertRule> defaultAlertRules();

}  // namespace hetsched
