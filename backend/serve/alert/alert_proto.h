#pragma once

#include "alert.h"
#include "alert_rule.h"
#include "alerts.pb.h"

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

inline constexpr std::size_t kMaxAlertRules = 200;
// AcknowledgeAlerts takes at most this many ids in one call.
inline constexpr int kMaxAcknowledgedAlerts = 10000;

// Rules on the wire and in rules files. Reading checks every field and
// names the first bad one: "rules[2].above: must be >= 0".
std::variant<std::vector<AlertRule>, std::string> fromProto(const v1::AlertRuleSet& set);
void toProto(const std::vector<AlertRule>& rules, v1::AlertRuleSet* out);

// Alerts on the wire (GetAlerts).
void toProto(const AlertReport& report, v1::GetAlertsResponse* out);
std::variant<AlertReport, std::string> fromProto(const v1::GetAlertsResponse& response);

}  // namespace hetsched
