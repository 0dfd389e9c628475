#include "policy_service.h"

#include "auth_check.h"

#include <chrono>

namespace hetsched {

namespace {

grpc::ServerUnaryReactor* finish(grpc::CallbackServerContext* ctx, const grpc::Status& status) {
  grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
  reactor->Finish(status);
  return reactor;
}

std::int64_t wallNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

grpc::Status toStatus(const PolicyChangeError& e) {
  switch (e.kind) {
    case PolicyChangeError::Kind::Stale:
    case PolicyChangeError::Kind::NoCandidate: return {grpc::StatusCode::FAILED_PRECONDITION, e.message};
    case PolicyChangeError::Kind::NotFound: return {grpc::StatusCode::NOT_FOUND, e.message};
    case PolicyChangeError::Kind::Invalid: break;
  }
  return {grpc::StatusCode::INVALID_ARGUMENT, e.message};
}

}  // namespace

template <typename MakeChange>
grpc::ServerUnaryReactor* PolicyServiceImpl::mutate(grpc::CallbackServerContext* ctx, const char* action,
                                                    std::string detail, v1::PolicyMutationResponse* response,
                                                    MakeChange makeChange) {
  v1::AuditEntry entry;
  entry.set_action(action);
  std::string holder;
  auto who = authorize(*ctx, m_state.tokens, Role::Operator, &holder);
  grpc::Status status;
  if (auto* refused = std::get_if<grpc::Status>(&who)) {
    entry.set_who(holder.empty() ? "(anonymous)" : holder);
    status = *refused;
    std::lock_guard lock(m_state.mutex);
    entry.set_old_version(m_state.policies->activeVersion());
  } else {
    entry.set_who(std::get<std::string>(who));
    std::lock_guard lock(m_state.mutex);
    PolicyBook& book = *m_state.policies;
    entry.set_old_version(book.activeVersion());
    auto change = makeChange(book, entry.who(), wallNowMs());
    if (auto* e = std::get_if<PolicyChangeError>(&change)) {
      status = toStatus(*e);
    } else if (auto rejected = m_state.source->setPolicies(std::get<PolicyChange>(change).live)) {
      status = {grpc::StatusCode::FAILED_PRECONDITION, rejected->message()};
    } else {
      const std::uint64_t made = std::get<PolicyChange>(change).version.version();
      book.commit(std::get<PolicyChange>(std::move(change)));
      entry.set_new_version(made);
      *response->mutable_state() = book.state();
      detail += " -> active v" + std::to_string(book.activeVersion());
      if (response->state().has_candidate())
        detail += ", candidate v" + std::to_string(response->state().candidate().version()) + " at " +
                  std::to_string(response->state().canary_percent()) + "%";
    }
  }
  entry.set_ok(status.ok());
  entry.set_detail(status.ok() ? detail : detail + ": " + status.error_message());
  m_state.audit.record(std::move(entry));
  return finish(ctx, status);
}

grpc::ServerUnaryReactor* PolicyServiceImpl::GetPolicy(grpc::CallbackServerContext* ctx, const v1::GetPolicyRequest*,
                                                       v1::GetPolicyResponse* response) {
  std::lock_guard lock(m_state.mutex);
  *response = m_state.policies->state();
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* PolicyServiceImpl::PushPolicy(grpc::CallbackServerContext* ctx,
                                                        const v1::PushPolicyRequest* request,
                                                        v1::PolicyMutationResponse* response) {
  const std::string detail = "push '" + request->spec().name() + "' canary " +
                             std::to_string(request->canary_percent()) + "% expecting v" +
                             std::to_string(request->expected_version());
  return mutate(ctx, "PushPolicy", detail, response, [request](const PolicyBook& book, std::string who, std::int64_t now) {
    return book.push(request->spec(), request->canary_percent(), request->expected_version(), std::move(who), now);
  });
}

grpc::ServerUnaryReactor* PolicyServiceImpl::PromotePolicy(grpc::CallbackServerContext* ctx,
                                                           const v1::PromotePolicyRequest* request,
                                                           v1::PolicyMutationResponse* response) {
  return mutate(ctx, "PromotePolicy", "promote the candidate", response,
                [request](const PolicyBook& book, std::string who, std::int64_t now) {
                  return book.promote(request->expected_version(), std::move(who), now);
                });
}

grpc::ServerUnaryReactor* PolicyServiceImpl::RollbackPolicy(grpc::CallbackServerContext* ctx,
                                                            const v1::RollbackPolicyRequest* request,
                                                            v1::PolicyMutationResponse* response) {
  return mutate(ctx, "RollbackPolicy", "roll back to v" + std::to_string(request->to_version()), response,
                [request](const PolicyBook& book, std::string who, std::int64_t now) {
                  return book.rollback(request->to_version(), request->expected_version(), std::move(who), now);
                });
}

grpc::ServerUnaryReactor* PolicyServiceImpl::ListPolicyHistory(grpc::CallbackServerContext* ctx,
                                                               const v1::ListPolicyHistoryRequest*,
                                                               v1::ListPolicyHistoryResponse* response) {
  std::lock_guard lock(m_state.mutex);
  for (const v1::PolicyVersion& v : m_state.policies->history()) *response->add_versions() = v;
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* PolicyServiceImpl::ListAuditLog(grpc::CallbackServerContext* ctx,
                                                          const v1::ListAuditLogRequest* request,
                                                          v1::ListAuditLogResponse* response) {
  *response = m_state.audit.list(request->limit());
  return finish(ctx, grpc::Status::OK);
}

}  // namespace hetsched
