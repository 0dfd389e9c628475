#include "gateway_control.h"

#include "base/model/job.h"
#include "cluster_connection.h"
#include "policy.pb.h"
#include "policy_service.pb.h"
#include "serve/alert/alert_rule.h"
#include "serve/client/alert_client.h"
#include "serve/client/cluster_client.h"
#include "serve/client/job_submitter.h"
#include "serve/client/policy_client.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

GatewayControl::GatewayControl(const ClusterConnection& connection, QObject* parent)
    : QObject(parent),
      m_target(connection.target()),
      m_jobs(std::make_unique<JobSubmitter>(connection.channel(), connection.options())),
      m_policy(std::make_unique<PolicyClient>(connection.channel(), connection.options())),
      m_alerts(std::make_unique<AlertClient>(connection.channel(), connection.options())) {
  qRegisterMetaType<std::shared_ptr<const v1::GetPolicyResponse>>();
  qRegisterMetaType<std::shared_ptr<const v1::ListPolicyHistoryResponse>>();
}

GatewayControl::~GatewayControl() { m_guard.close(); }

void GatewayControl::submitJob(const JobSpec& spec) {
  m_jobs->submit(spec, [this, guard = m_guard](std::variant<JobId, RpcError> result) {
    guard.post(this, [this, result] {
      if (const auto* id = std::get_if<JobId>(&result)) Q_EMIT jobSubmitted(*id);
      else Q_EMIT jobSubmitFailed(QString::fromStdString(std::get<RpcError>(result).message));
    });
  });
}

PolicyClient::StateDone GatewayControl::policyAnswer(const QString& action) {
  return [this, guard = m_guard, action](std::variant<v1::GetPolicyResponse, RpcError> result) {
    if (auto* error = std::get_if<RpcError>(&result)) {
      guard.post(this, [this, action, code = error->code, message = QString::fromStdString(error->message)] {
        Q_EMIT policyCallFailed(action, code, message);
      });
      return;
    }
    auto state = std::make_shared<const v1::GetPolicyResponse>(std::get<v1::GetPolicyResponse>(std::move(result)));
    guard.post(this, [this, action, state] { Q_EMIT policyStateChanged(action, state); });
  };
}

void GatewayControl::fetchPolicy() { m_policy->get(policyAnswer(QStringLiteral("get"))); }

void GatewayControl::pushPolicy(const v1::Policy& spec, int canaryPercent, quint64 expectedVersion) {
  m_policy->push(spec, static_cast<std::uint32_t>(std::clamp(canaryPercent, 0, 100)), expectedVersion,
                 policyAnswer(QStringLiteral("push")));
}

void GatewayControl::promotePolicy(quint64 expectedVersion) {
  m_policy->promote(expectedVersion, policyAnswer(QStringLiteral("promote")));
}

void GatewayControl::rollbackPolicy(quint64 toVersion, quint64 expectedVersion) {
  m_policy->rollback(toVersion, expectedVersion, policyAnswer(QStringLiteral("rollback")));
}

void GatewayControl::fetchPolicyHistory() {
  m_policy->history([this, guard = m_guard](std::variant<v1::ListPolicyHistoryResponse, RpcError> result) {
    if (auto* error = std::get_if<RpcError>(&result)) {
      guard.post(this, [this, code = error->code, message = QString::fromStdString(error->message)] {
        Q_EMIT policyCallFailed(QStringLiteral("history"), code, message);
      });
      return;
    }
    auto history = std::make_shared<const v1::ListPolicyHistoryResponse>(
        std::get<v1::ListPolicyHistoryResponse>(std::move(result)));
    guard.post(this, [this, history] { Q_EMIT policyHistoryListed(history); });
  });
}

void GatewayControl::setAlertRules(const std::vector<AlertRule>& rules) {
  m_alerts->setRules(rules, [this, guard = m_guard](std::variant<std::uint64_t, RpcError> result) {
    guard.post(this, [this, result] {
      if (const auto* e = std::get_if<RpcError>(&result)) Q_EMIT alertRulesFailed(QString::fromStdString(e->message));
      else Q_EMIT alertRulesSet();
    });
  });
}

void GatewayControl::acknowledgeAlerts(const std::vector<std::uint64_t>& ids) {
  m_alerts->acknowledge(ids, [this, guard = m_guard](std::variant<AlertClient::Acknowledged, RpcError> result) {
    guard.post(this, [this, result = std::move(result)] {
      if (const auto* e = std::get_if<RpcError>(&result)) {
        Q_EMIT alertAcknowledgeFailed(QString::fromStdString(e->message));
        return;
      }
      const auto& done = std::get<AlertClient::Acknowledged>(result);
      Q_EMIT alertsAcknowledged(static_cast<int>(done.added), static_cast<int>(done.unknown.size()));
    });
  });
}

}  // namespace hetsched
