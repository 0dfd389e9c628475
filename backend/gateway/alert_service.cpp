#include "alert_service.h"

#include "alert/alert_proto.h"

namespace hetsched {

namespace {

grpc::ServerUnaryReactor* finish(grpc::CallbackServerContext* ctx, const grpc::Status& status) {
  grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
  reactor->Finish(status);
  return reactor;
}

}  // namespace

grpc::ServerUnaryReactor* AlertServiceImpl::GetAlerts(grpc::CallbackServerContext* ctx,
                                                      const v1::GetAlertsRequest* request,
                                                      v1::GetAlertsResponse* response) {
  auto caller = m_state.gate.admit(*ctx, Method::GetAlerts, request->ByteSizeLong());
  if (auto* refused = std::get_if<grpc::Status>(&caller)) return finish(ctx, *refused);
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
  m_state.alerts.setRules(std::get<std::vector<AlertRule>>(std::move(rules)), "pushed by " + name);
  entry.set_ok(true);
  entry.set_detail(detail + " (" + std::to_string(count) + (count == 1 ? " rule)" : " rules)"));
  m_state.audit.record(std::move(entry));
  response->set_revision(m_state.alerts.revision());
  response->set_rules(static_cast<std::uint32_t>(count));
  return finish(ctx, grpc::Status::OK);
}

}  // namespace hetsched
