#pragma once

#include "gateway_state.h"
#include "method_access.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"

#include <cstddef>
#include <grpcpp/server_context.h>
#include <grpcpp/support/server_callback.h>
#include <string>

namespace hetsched {

// PolicyService on gRPC's callback API: every call passes the gate (the
// method table's role); reads answer from the policy book; mutations change
// the source and the book together under the state lock (or neither), and
// are audited.
class PolicyServiceImpl final : public v1::PolicyService::CallbackService {
 public:
  explicit PolicyServiceImpl(GatewayState& state) : m_state(state) {}

  grpc::ServerUnaryReactor* GetPolicy(grpc::CallbackServerContext* ctx, const v1::GetPolicyRequest* request,
                                      v1::GetPolicyResponse* response) override;
  grpc::ServerUnaryReactor* PushPolicy(grpc::CallbackServerContext* ctx, const v1::PushPolicyRequest* request,
                                       v1::PolicyMutationResponse* response) override;
  grpc::ServerUnaryReactor* PromotePolicy(grpc::CallbackServerContext* ctx, const v1::PromotePolicyRequest* request,
                                          v1::PolicyMutationResponse* response) override;
  grpc::ServerUnaryReactor* RollbackPolicy(grpc::CallbackServerContext* ctx, const v1::RollbackPolicyRequest* request,
                                           v1::PolicyMutationResponse* response) override;
  grpc::ServerUnaryReactor* ListPolicyHistory(grpc::CallbackServerContext* ctx,
                                              const v1::ListPolicyHistoryRequest* request,
                                              v1::ListPolicyHistoryResponse* response) override;
  grpc::ServerUnaryReactor* ListAuditLog(grpc::CallbackServerContext* ctx, const v1::ListAuditLogRequest* request,
                                         v1::ListAuditLogResponse* response) override;

 private:
  template <typename MakeChange>
  grpc::ServerUnaryReactor* mutate(grpc::CallbackServerContext* ctx, Method method, std::size_t requestBytes,
                                   std::string detail, v1::PolicyMutationResponse* response, MakeChange makeChange);

  GatewayState& m_state;
};

}  // namespace hetsched
