#include "alert_client.h"

#include "alerts.grpc.pb.h"
#include "alerts.pb.h"
#include "cluster_client.h"
#include "serve/alert/alert_proto.h"
#include "serve/alert/alert_rule.h"
#include "unary_call.h"

#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

struct AlertClient::Stub {
  std::unique_ptr<v1::AlertService::Stub> stub;
};

AlertClient::AlertClient(std::shared_ptr<grpc::Channel> channel, ClientOptions options)
    : m_stub(std::make_unique<Stub>(Stub{v1::AlertService::NewStub(std::move(channel))})),
      m_options(std::move(options)) {}

AlertClient::~AlertClient() = default;

void AlertClient::get(ReportDone done) {
  auto call = newUnaryCall<v1::GetAlertsRequest, v1::GetAlertsResponse>(m_options, m_calls);
  m_stub->stub->async()->GetAlerts(&call->context, &call->request, &call->response,
                                   whenAnswered(call, std::move(done), [](const v1::GetAlertsResponse& r) {
                                     return decodedOrInternal(fromProto(r), "GetAlerts");
                                   }));
}

void AlertClient::setRules(const std::vector<AlertRule>& rules, SetDone done) {
  auto call = newUnaryCall<v1::SetAlertRulesRequest, v1::SetAlertRulesResponse>(m_options, m_calls);
  toProto(rules, call->request.mutable_rules());
  m_stub->stub->async()->SetAlertRules(
      &call->context, &call->request, &call->response,
      whenAnswered(call, std::move(done), [](const v1::SetAlertRulesResponse& r) { return r.revision(); }));
}

void AlertClient::acknowledge(const std::vector<std::uint64_t>& ids, AcknowledgeDone done) {
  auto call = newUnaryCall<v1::AcknowledgeAlertsRequest, v1::AcknowledgeAlertsResponse>(m_options, m_calls);
  for (const std::uint64_t id : ids) call->request.add_ids(id);
  m_stub->stub->async()->AcknowledgeAlerts(
      &call->context, &call->request, &call->response,
      whenAnswered(call, std::move(done), [](const v1::AcknowledgeAlertsResponse& r) {
        Acknowledged answer;
        answer.added = r.acknowledged();
        answer.unknown.assign(r.unknown().begin(), r.unknown().end());
        return answer;
      }));
}

}  // namespace hetsched
