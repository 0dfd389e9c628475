#include "policy_service.h"

#include "base/model/wall_clock.h"
#include "method_access.h"
#include "policy_book.h"
#include "policy_service.pb.h"
#include "state_file.h"
#include "unary_reply.h"

#include <cstddef>
#include <cstdint>
#include <grpcpp/server_context.h>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>
#include <mutex>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

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
grpc::ServerUnaryReactor* PolicyServiceImpl::mutate(grpc::CallbackServerContext* ctx, Method method,
                                                    std::size_t requestBytes, std::string detail,
                                                    v1::PolicyMutationResponse* response, MakeChange makeChange) {
  // Refused callers are audited by the gate, as one short line.
  auto who = m_state.gate.admit(*ctx, method, requestBytes);
  if (auto* refused = std::get_if<grpc::Status>(&who)) return finish(ctx, *refused);
  v1::AuditEntry entry;
  entry.set_action(std::string(ruleOf(method).name));
  entry.set_who(std::get<Caller>(who).name);
  grpc::Status status;
  bool recorded = false;
  {
    std::lock_guard lock(m_state.mutex);
    PolicyBook& book = m_state.book();
    entry.set_old_version(book.activeVersion());
    auto change = makeChange(book, entry.who(), wallNowMs());
    if (auto* e = std::get_if<PolicyChangeError>(&change)) {
      status = toStatus(*e);
    } else if (auto rejected = m_state.source->setPolicies(std::get<PolicyChange>(change).live)) {
      // A field named: the policy cannot run on this cluster (the core's
      // check, the same a what-if makes). None: the source does not schedule.
      status = {rejected->field.empty() ? grpc::StatusCode::FAILED_PRECONDITION : grpc::StatusCode::INVALID_ARGUMENT,
                rejected->field.empty() ? rejected->problem : rejected->message()};
    } else {
      PolicyChange& made = std::get<PolicyChange>(change);
      detail += " -> active v" + std::to_string(made.active);
      if (made.candidate != 0)
        detail += ", candidate v" + std::to_string(made.candidate) + " at " + std::to_string(made.canaryPercent) + "%";
      entry.set_new_version(made.version.version());
      entry.set_ok(true);
      entry.set_detail(detail);
      // The version, the book's pointers and this entry in one transaction:
      // a restart finds all of them or none.
      const auto stored = m_state.audit.recordWith(entry, [&](const v1::AuditEntry& sealed) {
        StateChange durable;
        durable.version = &made.version;
        durable.active = made.active;
        durable.candidate = made.candidate;
        durable.canaryPercent = made.canaryPercent;
        durable.audit = &sealed;
        return m_state.stateFile->commit(durable);
      });
      if (stored) {
        (void)m_state.source->setPolicies(book.live());  // back to what the book still says
        status = {grpc::StatusCode::UNAVAILABLE, "the change could not be stored, so it was not made: " + *stored};
      } else {
        recorded = true;
        book.commit(std::move(made));
        *response->mutable_state() = book.state();
      }
    }
  }
  if (!recorded) {
    entry.set_ok(false);
    entry.set_new_version(0);
    entry.set_detail(detail + ": " + status.error_message());
    m_state.audit.record(std::move(entry));
  }
  return finish(ctx, status);
}

grpc::ServerUnaryReactor* PolicyServiceImpl::GetPolicy(grpc::CallbackServerContext* ctx,
                                                       const v1::GetPolicyRequest* request,
                                                       v1::GetPolicyResponse* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::GetPolicy, request->ByteSizeLong()))
    return refused;
  std::lock_guard lock(m_state.mutex);
  *response = m_state.book().state();
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* PolicyServiceImpl::PushPolicy(grpc::CallbackServerContext* ctx,
                                                        const v1::PushPolicyRequest* request,
                                                        v1::PolicyMutationResponse* response) {
  const std::string detail = "push '" + request->spec().name() + "' canary " +
                             std::to_string(request->canary_percent()) + "% expecting v" +
                             std::to_string(request->expected_version());
  return mutate(ctx, Method::PushPolicy, request->ByteSizeLong(), detail, response,
                [request](const PolicyBook& book, std::string who, std::int64_t now) {
                  return book.push(request->spec(), request->canary_percent(), request->expected_version(),
                                   std::move(who), now);
                });
}

grpc::ServerUnaryReactor* PolicyServiceImpl::PromotePolicy(grpc::CallbackServerContext* ctx,
                                                           const v1::PromotePolicyRequest* request,
                                                           v1::PolicyMutationResponse* response) {
  return mutate(ctx, Method::PromotePolicy, request->ByteSizeLong(), "promote the candidate", response,
                [request](const PolicyBook& book, std::string who, std::int64_t now) {
                  return book.promote(request->expected_version(), std::move(who), now);
                });
}

grpc::ServerUnaryReactor* PolicyServiceImpl::RollbackPolicy(grpc::CallbackServerContext* ctx,
                                                            const v1::RollbackPolicyRequest* request,
                                                            v1::PolicyMutationResponse* response) {
  return mutate(ctx, Method::RollbackPolicy, request->ByteSizeLong(),
                "roll back to v" + std::to_string(request->to_version()), response,
                [request](const PolicyBook& book, std::string who, std::int64_t now) {
                  return book.rollback(request->to_version(), request->expected_version(), std::move(who), now);
                });
}

grpc::ServerUnaryReactor* PolicyServiceImpl::ListPolicyHistory(grpc::CallbackServerContext* ctx,
                                                               const v1::ListPolicyHistoryRequest* request,
                                                               v1::ListPolicyHistoryResponse* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::ListPolicyHistory, request->ByteSizeLong()))
    return refused;
  std::lock_guard lock(m_state.mutex);
  for (const v1::PolicyVersion& v : m_state.book().history()) *response->add_versions() = v;
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* PolicyServiceImpl::ListAuditLog(grpc::CallbackServerContext* ctx,
                                                          const v1::ListAuditLogRequest* request,
                                                          v1::ListAuditLogResponse* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::ListAuditLog, request->ByteSizeLong()))
    return refused;
  *response = m_state.audit.list(request->before_sequence(), request->limit());
  return finish(ctx, grpc::Status::OK);
}

}  // namespace hetsched
