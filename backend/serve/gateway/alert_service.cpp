#include "alert_service.h"

#include "alerts.pb.h"
#include "base/model/wall_clock.h"
#include "method_access.h"
#include "policy_service.pb.h"
#include "serve/alert/alert_proto.h"
#include "serve/alert/alert_rule.h"
#include "state_file.h"
#include "unary_reply.h"

#include <cstddef>
#include <cstdint>
#include <grpcpp/server_context.h>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

grpc::ServerUnaryReactor* AlertServiceImpl::GetAlerts(grpc::CallbackServerContext* ctx,
                                                      const v1::GetAlertsRequest* request,
                                                      v1::GetAlertsResponse* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::GetAlerts, request->ByteSizeLong()))
    return refused;
  toProto(m_state.alerts.report(), response);
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* AlertServiceImpl::SetAlertRules(grpc::CallbackServerContext* ctx,
                                                          const v1::SetAlertRulesRequest* request,
                                                          v1::SetAlertRulesResponse* response) {
  // Refused callers are audited by the gate, as one short line.
  auto who = m_state.gate.admit(*ctx, Method::SetAlertRules, request->ByteSizeLong());
  if (auto* refused = std::get_if<grpc::Status>(&who)) return finish(ctx, *refused);
  const std::string& name = std::get<Caller>(who).name;
  v1::AuditEntry entry;
  entry.set_action(std::string(ruleOf(Method::SetAlertRules).name));
  entry.set_who(name);
  std::string detail = "alert rules:";
  for (const auto& r : request->rules().rules()) detail += " " + r.name();
  auto rules = fromProto(request->rules());
  if (auto* e = std::get_if<std::string>(&rules)) {
    entry.set_ok(false);
    entry.set_detail(detail + ": " + *e);
    m_state.audit.record(std::move(entry));
    return finish(ctx, {grpc::StatusCode::INVALID_ARGUMENT, *e});
  }
  const std::size_t count = std::get<std::vector<AlertRule>>(rules).size();
  entry.set_ok(true);
  entry.set_detail(detail + " (" + std::to_string(count) + (count == 1 ? " rule)" : " rules)"));
  // The rules and this entry in one transaction: a restart finds both or
  // neither, and the rules change only once they are stored.
  StoredAlertRules stored{request->rules(), "pushed by " + name};
  const auto failed = m_state.audit.recordWith(entry, [&](const v1::AuditEntry& sealed) {
    StateChange durable;
    durable.alertRules = &stored;
    durable.audit = &sealed;
    return m_state.stateFile->commit(durable);
  });
  if (failed)
    return finish(ctx,
                  {grpc::StatusCode::UNAVAILABLE, "the rules could not be stored, so they were not set: " + *failed});
  m_state.alerts.setRules(std::get<std::vector<AlertRule>>(std::move(rules)), std::move(stored.origin));
  response->set_revision(m_state.alerts.revision());
  response->set_rules(static_cast<std::uint32_t>(count));
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* AlertServiceImpl::AcknowledgeAlerts(grpc::CallbackServerContext* ctx,
                                                              const v1::AcknowledgeAlertsRequest* request,
                                                              v1::AcknowledgeAlertsResponse* response) {
  auto who = m_state.gate.admit(*ctx, Method::AcknowledgeAlerts, request->ByteSizeLong());
  if (auto* refused = std::get_if<grpc::Status>(&who)) return finish(ctx, *refused);
  if (request->ids_size() > kMaxAcknowledgedAlerts)
    return finish(
        ctx, {grpc::StatusCode::INVALID_ARGUMENT, "ids: " + std::to_string(request->ids_size()) + " alerts, at most " +
                                                      std::to_string(kMaxAcknowledgedAlerts)});
  const std::string& name = std::get<Caller>(who).name;
  const std::vector<std::uint64_t> ids(request->ids().begin(), request->ids().end());
  const std::int64_t now = wallNowMs();
  const AlertBoard::Acknowledged done = m_state.alerts.acknowledge(ids, name, now);
  v1::AuditEntry entry;
  entry.set_action(std::string(ruleOf(Method::AcknowledgeAlerts).name));
  entry.set_who(name);
  entry.set_ok(true);
  std::string detail = "alerts";
  constexpr std::size_t kListed = 20;  // an "acknowledge all" of thousands stays one short line
  for (std::size_t i = 0; i < ids.size() && i < kListed; ++i) detail += " " + std::to_string(ids[i]);
  if (ids.size() > kListed) detail += " and " + std::to_string(ids.size() - kListed) + " more";
  detail += " (" + std::to_string(done.added) + " newly acknowledged";
  if (!done.unknown.empty()) detail += ", " + std::to_string(done.unknown.size()) + " unknown";
  entry.set_detail(detail + ")");
  m_state.audit.record(std::move(entry));
  response->set_revision(m_state.alerts.revision());
  response->set_acknowledged(done.added);
  for (const std::uint64_t id : done.unknown) response->add_unknown(id);
  return finish(ctx, grpc::Status::OK);
}

}  // namespace hetsched
