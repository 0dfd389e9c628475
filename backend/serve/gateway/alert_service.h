#pragma once

#include "alerts.grpc.pb.h"
#include "alerts.pb.h"
#include "gateway_state.h"

#include <grpcpp/server_context.h>
#include <grpcpp/support/server_callback.h>

namespace hetsched {

// AlertService on gRPC's callback API: GetAlerts answers from the board;
// SetAlertRules (operator) replaces the rules, stored in the state file with
// its audit entry in one transaction, so a restart resumes them;
// AcknowledgeAlerts (operator) marks alerts as seen for every console. Both
// are audited, granted or refused, like a policy push.
class AlertServiceImpl final : public v1::AlertService::CallbackService {
 public:
  explicit AlertServiceImpl(GatewayState& state) : m_state(state) {}

  grpc::ServerUnaryReactor* GetAlerts(grpc::CallbackServerContext* ctx, const v1::GetAlertsRequest* request,
                                      v1::GetAlertsResponse* response) override;
  grpc::ServerUnaryReactor* SetAlertRules(grpc::CallbackServerContext* ctx, const v1::SetAlertRulesRequest* request,
                                          v1::SetAlertRulesResponse* response) override;
  grpc::ServerUnaryReactor* AcknowledgeAlerts(grpc::CallbackServerContext* ctx,
                                              const v1::AcknowledgeAlertsRequest* request,
                                              v1::AcknowledgeAlertsResponse* response) override;

 private:
  GatewayState& m_state;
};

}  // namespace hetsched
