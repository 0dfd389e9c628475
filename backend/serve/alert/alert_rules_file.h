#pragma once

#include "alert_rule.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

// A rules file: an AlertRuleSet (alerts.proto) in Protobuf's JSON mapping,
// {"rules": [{"name": "node-down", "kind": "node_down", "for_s": 60}, ...]}.
// Errors name the file and the field: "rules.json: rules[1].kind: 'nod_down'
// is not one of ...".
std::variant<std::vector<AlertRule>, std::string> parseAlertRulesJson(std::string_view json, const std::string& origin);
std::variant<std::vector<AlertRule>, std::string> loadAlertRulesFile(const std::filesystem::path& path);
std::string alertRulesToJson(const std::vector<AlertRule>& rules);

}  // namespace hetsched
