#include "policy_client.h"

#include "cluster_client.h"
#include "policy.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "unary_call.h"

#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <memory>
#include <utility>

namespace hetsched {

struct PolicyClient::Stub {
  std::unique_ptr<v1::PolicyService::Stub> stub;
};

PolicyClient::PolicyClient(std::shared_ptr<grpc::Channel> channel, ClientOptions options)
    : m_stub(std::make_unique<Stub>(Stub{v1::PolicyService::NewStub(std::move(channel))})),
      m_options(std::move(options)) {}

PolicyClient::~PolicyClient() = default;

void PolicyClient::get(StateDone done) {
  auto call = newUnaryCall<v1::GetPolicyRequest, v1::GetPolicyResponse>(m_options, m_calls);
  m_stub->stub->async()->GetPolicy(&call->context, &call->request, &call->response,
                                   whenAnswered(call, std::move(done), [](auto& r) { return std::move(r); }));
}

namespace {

// Push, promote and rollback all answer with the state they left.
auto stateOf(v1::PolicyMutationResponse& r) { return std::move(*r.mutable_state()); }

}  // namespace

void PolicyClient::push(const v1::Policy& spec, std::uint32_t canaryPercent, std::uint64_t expectedVersion,
                        StateDone done) {
  auto call = newUnaryCall<v1::PushPolicyRequest, v1::PolicyMutationResponse>(m_options, m_calls);
  *call->request.mutable_spec() = spec;
  call->request.set_canary_percent(canaryPercent);
  call->request.set_expected_version(expectedVersion);
  m_stub->stub->async()->PushPolicy(&call->context, &call->request, &call->response,
                                    whenAnswered(call, std::move(done), stateOf));
}

void PolicyClient::promote(std::uint64_t expectedVersion, StateDone done) {
  auto call = newUnaryCall<v1::PromotePolicyRequest, v1::PolicyMutationResponse>(m_options, m_calls);
  call->request.set_expected_version(expectedVersion);
  m_stub->stub->async()->PromotePolicy(&call->context, &call->request, &call->response,
                                       whenAnswered(call, std::move(done), stateOf));
}

void PolicyClient::rollback(std::uint64_t toVersion, std::uint64_t expectedVersion, StateDone done) {
  auto call = newUnaryCall<v1::RollbackPolicyRequest, v1::PolicyMutationResponse>(m_options, m_calls);
  call->request.set_to_version(toVersion);
  call->request.set_expected_version(expectedVersion);
  m_stub->stub->async()->RollbackPolicy(&call->context, &call->request, &call->response,
                                        whenAnswered(call, std::move(done), stateOf));
}

void PolicyClient::history(HistoryDone done) {
  auto call = newUnaryCall<v1::ListPolicyHistoryRequest, v1::ListPolicyHistoryResponse>(m_options, m_calls);
  m_stub->stub->async()->ListPolicyHistory(&call->context, &call->request, &call->response,
                                           whenAnswered(call, std::move(done), [](auto& r) { return std::move(r); }));
}

}  // namespace hetsched
