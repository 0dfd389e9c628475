#include "alert_rules_file.h"

#include "alert_proto.h"
#include "alert_rule.h"
#include "alerts.pb.h"
#include "base/model/file_text.h"

#include <filesystem>
#include <google/protobuf/util/json_util.h>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<std::vector<AlertRule>, std::string> parseAlertRulesJson(std::string_view json,
                                                                      const std::string& origin) {
  v1::AlertRuleSet set;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;  // a misspelt field is an error, not a silent default
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), &set, options);
  if (!status.ok()) return origin + ": not an alert rule set: " + std::string(status.message());
  auto rules = fromProto(set);
  if (auto* e = std::get_if<std::string>(&rules)) return origin + ": " + *e;
  return rules;
}

std::variant<std::vector<AlertRule>, std::string> loadAlertRulesFile(const std::filesystem::path& path) {
  std::string text;
  if (auto error = readFileText(path, &text)) return *error;
  return parseAlertRulesJson(text, path.string());
}

std::string alertRulesToJson(const std::vector<AlertRule>& rules) {
  v1::AlertRuleSet set;
  toProto(rules, &set);
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(set, &out, options);
  return out;
}

}  // namespace hetsched
