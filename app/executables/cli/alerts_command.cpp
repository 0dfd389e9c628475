// hetsched alerts: a gateway's alerts (GetAlerts), its rules, pushing a
// new rule set (SetAlertRules) and acknowledging alerts (AcknowledgeAlerts);
// the last two need an operator's token.
#include "alerts.grpc.pb.h"
#include "alerts.pb.h"
#include "cli_args.h"
#include "commands.h"
#include "connect_args.h"
#include "queue_text.h"
#include "serve/alert/alert.h"
#include "serve/alert/alert_proto.h"
#include "serve/alert/alert_rule.h"
#include "serve/alert/alert_rules_file.h"
#include "serve/client/gateway_channel.h"

#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string_view>
#include <system_error>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched alerts [rules | set FILE | ack ID... | ack all] --connect HOST:PORT [--json] [--token-file F] "
    "...\n"
    "  the gateway's alerts: firing, pending (the condition holds, not yet for the rule's hold time)\n"
    "  and recently resolved, newest first; times are cluster time\n"
    "  rules      the rules in force, as a rules file (JSON; docs/alerts.md)\n"
    "  set FILE   replace the gateway's rules with FILE's (an operator token; audited)\n"
    "  ack ID...  acknowledge alerts by id, for every console (an operator token; audited);\n"
    "             ack all: every firing and pending alert not yet acknowledged\n"
    "  --json     the alerts as JSON\n";

int failed(const char* what, const grpc::Status& status) {
  std::fprintf(stderr, "hetsched alerts: %s: %s (code %d)\n", what, status.error_message().c_str(),
               static_cast<int>(status.error_code()));
  return 1;
}

nlohmann::json alertJson(const Alert& a) {
  return {{"id", a.id},
          {"rule", a.rule},
          {"kind", toString(a.kind)},
          {"severity", toString(a.severity)},
          {"subject", a.subject},
          {"state", toString(a.state)},
          {"value", a.value},
          {"threshold", a.threshold},
          {"since_ms", a.sinceMs},
          {"fired_ms", a.firedMs},
          {"resolved_ms", a.resolvedMs},
          {"fired_wall_ms", a.firedWallMs},
          {"acknowledged_by", a.acknowledgedBy},
          {"acknowledged_wall_ms", a.acknowledgedWallMs}};
}

std::string valueText(const Alert& a) {
  char out[48];
  switch (a.kind) {
    case AlertRuleKind::NodeDown: return "down";
    case AlertRuleKind::DeviceTemperature: std::snprintf(out, sizeof out, "%.0f C", a.value); break;
    case AlertRuleKind::DevicePower: std::snprintf(out, sizeof out, "%.0f W", a.value); break;
    case AlertRuleKind::JobWait: std::snprintf(out, sizeof out, "%.0f s waited", a.value); break;
    case AlertRuleKind::GpusIdleWhileWaiting: std::snprintf(out, sizeof out, "%.0f idle", a.value); break;
    case AlertRuleKind::CanaryWorse: std::snprintf(out, sizeof out, "+%.0f s wait", a.value); break;
  }
  return out;
}

int printAlerts(const AlertReport& report, bool json) {
  std::size_t counts[3] = {};
  for (const Alert& a : report.alerts) ++counts[static_cast<std::size_t>(a.state)];
  if (json) {
    nlohmann::json out = {
        {"revision", report.revision},      {"at_ms", report.atMs},
        {"evaluate_ms", report.evaluateMs}, {"rules_origin", report.rulesOrigin},
        {"rules", report.rules.size()},     {"firing", counts[static_cast<std::size_t>(AlertState::Firing)]},
        {"alerts", nlohmann::json::array()}};
    for (const Alert& a : report.alerts) out["alerts"].push_back(alertJson(a));
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  std::printf("%zu firing, %zu pending, %zu resolved at cluster time %s (%zu rules, %s; evaluated in %.3f ms)\n",
              counts[1], counts[0], counts[2], clusterClock(report.atMs).c_str(), report.rules.size(),
              report.rulesOrigin.c_str(), report.evaluateMs);
  if (report.alerts.empty()) return 0;
  std::printf("%-6s %-9s %-9s %-24s %-16s %-14s %-10s %-10s %-10s %s\n", "ID", "STATE", "SEVERITY", "RULE", "SUBJECT",
              "VALUE", "SINCE", "FIRED", "RESOLVED", "ACKNOWLEDGED");
  for (const Alert& a : report.alerts) {
    std::printf("%-6llu %-9s %-9s %-24.24s %-16.16s %-14s %-10s %-10s %-10s %s\n",
                static_cast<unsigned long long>(a.id), std::string(toString(a.state)).c_str(),
                std::string(toString(a.severity)).c_str(), a.rule.c_str(), a.subject.c_str(), valueText(a).c_str(),
                clusterClock(a.sinceMs).c_str(), a.firedMs ? clusterClock(a.firedMs).c_str() : "-",
                a.resolvedMs ? clusterClock(a.resolvedMs).c_str() : "-",
                a.acknowledged() ? a.acknowledgedBy.c_str() : "-");
  }
  return 0;
}

std::optional<std::uint64_t> parseUnsigned(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

int acknowledgeAlerts(v1::AlertService::Stub& stub, const ChannelSecurity& secure,
                      const v1::AcknowledgeAlertsRequest& request) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  addBearerToken(context, secure);
  v1::AcknowledgeAlertsResponse response;
  if (const auto s = stub.AcknowledgeAlerts(&context, request, &response); !s.ok())
    return failed("AcknowledgeAlerts", s);
  std::printf("%u of %d alerts newly acknowledged", response.acknowledged(), request.ids_size());
  if (response.unknown_size() > 0) {
    std::printf("; not on the gateway:");
    for (const std::uint64_t id : response.unknown()) std::printf(" %llu", static_cast<unsigned long long>(id));
  }
  std::printf("\n");
  // Ids the gateway does not hold were asked for in vain: say so in the status.
  return response.unknown_size() > 0 ? 1 : 0;
}

}  // namespace

int runAlerts(std::span<char* const> argv) {
  const Args args(argv);
  std::vector<std::string_view> known{"connect", "json", "help"};
  known.insert(known.end(), std::begin(kConnectOptionNames), std::end(kConnectOptionNames));
  const auto& positional = args.positional();
  const bool rules = !positional.empty() && positional[0] == "rules" && positional.size() == 1;
  const bool set = !positional.empty() && positional[0] == "set" && positional.size() == 2;
  const bool ack = !positional.empty() && positional[0] == "ack" && positional.size() >= 2;
  const std::optional<std::string> connect = args.value("connect");
  if (args.flag("help") || !args.unknownOptions(known).empty() || !connect ||
      (!positional.empty() && !rules && !set && !ack)) {
    std::fputs(kUsage, args.flag("help") ? stdout : stderr);
    if (!args.flag("help")) std::fputs(kConnectOptionsHelp, stderr);
    return args.flag("help") ? 0 : 2;
  }
  auto security = channelSecurityFromArgs(args);
  if (auto* e = std::get_if<std::string>(&security)) {
    std::fprintf(stderr, "hetsched alerts: %s\n", e->c_str());
    return 2;
  }
  const ChannelSecurity& secure = std::get<ChannelSecurity>(security);
  auto stub = v1::AlertService::NewStub(makeGatewayChannel(*connect, secure));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  addBearerToken(context, secure);

  if (set) {
    auto loaded = loadAlertRulesFile(positional[1]);
    if (auto* e = std::get_if<std::string>(&loaded)) {
      std::fprintf(stderr, "hetsched alerts: %s\n", e->c_str());
      return 2;
    }
    v1::SetAlertRulesRequest request;
    toProto(std::get<std::vector<AlertRule>>(loaded), request.mutable_rules());
    v1::SetAlertRulesResponse response;
    if (const auto s = stub->SetAlertRules(&context, request, &response); !s.ok()) return failed("SetAlertRules", s);
    std::printf("the gateway now runs %u alert rules (revision %llu)\n", response.rules(),
                static_cast<unsigned long long>(response.revision()));
    return 0;
  }
  const bool ackAll = ack && positional.size() == 2 && positional[1] == "all";
  v1::AcknowledgeAlertsRequest acknowledge;
  if (ack && !ackAll) {
    for (std::size_t i = 1; i < positional.size(); ++i) {
      const auto id = parseUnsigned(positional[i]);
      if (!id || *id == 0) {
        std::fprintf(stderr, "hetsched alerts: ack: '%s' is not an alert id (a positive number, or all)\n",
                     std::string(positional[i]).c_str());
        return 2;
      }
      acknowledge.add_ids(*id);
    }
    return acknowledgeAlerts(*stub, secure, acknowledge);
  }
  v1::GetAlertsResponse wire;
  if (const auto s = stub->GetAlerts(&context, {}, &wire); !s.ok()) return failed("GetAlerts", s);
  auto report = fromProto(wire);
  if (auto* e = std::get_if<std::string>(&report)) {
    std::fprintf(stderr, "hetsched alerts: the gateway's answer is malformed: %s\n", e->c_str());
    return 1;
  }
  if (ackAll) {
    for (const Alert& a : std::get<AlertReport>(report).alerts)
      if (a.state != AlertState::Resolved && !a.acknowledged()) acknowledge.add_ids(a.id);
    if (acknowledge.ids_size() == 0) {
      std::printf("nothing to acknowledge: no firing or pending alert is unacknowledged\n");
      return 0;
    }
    return acknowledgeAlerts(*stub, secure, acknowledge);
  }
  if (rules) {
    std::printf("%s\n", alertRulesToJson(std::get<AlertReport>(report).rules).c_str());
    return 0;
  }
  return printAlerts(std::get<AlertReport>(report), args.flag("json"));
}

}  // namespace hetsched::cli
