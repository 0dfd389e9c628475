#pragma once

#include "alert_rule.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

enum class AlertState : std::uint8_t { Pending, Firing, Resolved };

std::string_view toString(AlertState state);

// One alert of one rule about one subject (a node, a priority class, the
// GPUs, the canary). Times are cluster time (the frame's), except
// firedWallMs, the gateway's clock when it fired.
struct Alert {
  std::uint64_t id = 0;
  std::string rule;
  AlertRuleKind kind = AlertRuleKind::NodeDown;
  AlertSeverity severity = AlertSeverity::Warning;
  std::string subject;
  AlertState state = AlertState::Pending;
  double value = 0.0;
  double threshold = 0.0;
  std::int64_t sinceMs = 0;
  std::int64_t firedMs = 0;
  std::int64_t resolvedMs = 0;
  std::int64_t firedWallMs = 0;
  std::string acknowledgedBy;  // "" = not acknowledged on the gateway
  std::int64_t acknowledgedWallMs = 0;

  bool acknowledged() const { return !acknowledgedBy.empty(); }
  bool operator==(const Alert&) const = default;
};

// What GetAlerts answers: the alerts and the rules that raised them.
struct AlertReport {
  std::uint64_t revision = 0;
  std::int64_t atMs = 0;
  double evaluateMs = 0.0;
  std::vector<Alert> alerts;  // pending and firing first, then resolved, newest first
  std::vector<AlertRule> rules;
  std::string rulesOrigin;

  std::size_t firingCount() const;
};

}  // namespace hetsched
