#pragma once

#include "base/model/job.h"
#include "callback_guard.h"
#include "policy.pb.h"
#include "policy_service.pb.h"
#include "serve/alert/alert_rule.h"
#include "serve/client/policy_client.h"

#include <QObject>
#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

namespace hetsched {

class AlertClient;
class ClusterConnection;
class JobSubmitter;

// Everything the console can change on a gateway: job submission, the
// policy lifecycle (push with a canary share, promote, roll back) and the
// alert rules, with the reads that go with them. It is made only from a live
// ClusterConnection, and a console in replay holds none: a view or a menu
// that acts on a gateway takes a GatewayControl*, so in replay it has
// nothing to call. Answers arrive as queued signals on the owner's thread.
class GatewayControl : public QObject {
  Q_OBJECT
 public:
  explicit GatewayControl(const ClusterConnection& connection, QObject* parent = nullptr);
  ~GatewayControl() override;

  QString target() const { return m_target; }

  void submitJob(const JobSpec& spec);
  // Each answer is policyStateChanged (a mutation answers with the state it
  // left) or policyCallFailed.
  void fetchPolicy();
  void fetchPolicyHistory();
  void pushPolicy(const v1::Policy& spec, int canaryPercent, quint64 expectedVersion);
  void promotePolicy(quint64 expectedVersion);
  void rollbackPolicy(quint64 toVersion, quint64 expectedVersion);
  // Replaces the gateway's alert rules (SetAlertRules, audited there):
  // alertRulesSet or alertRulesFailed.
  void setAlertRules(const std::vector<AlertRule>& rules);
  // Acknowledges alerts on the gateway, for every console (audited there):
  // alertsAcknowledged or alertAcknowledgeFailed.
  void acknowledgeAlerts(const std::vector<std::uint64_t>& ids);

 Q_SIGNALS:
  void jobSubmitted(quint64 id);
  void jobSubmitFailed(const QString& message);
  // `action` is the call that answered: get, push, promote or rollback.
  void policyStateChanged(const QString& action, std::shared_ptr<const hetsched::v1::GetPolicyResponse> state);
  void policyHistoryListed(std::shared_ptr<const hetsched::v1::ListPolicyHistoryResponse> history);
  // `code` is the grpc::StatusCode (FAILED_PRECONDITION: a stale version).
  void policyCallFailed(const QString& action, int code, const QString& message);
  void alertRulesSet();
  void alertRulesFailed(const QString& message);
  // `added` newly acknowledged; `unknown` ids the gateway no longer held.
  void alertsAcknowledged(int added, int unknown);
  void alertAcknowledgeFailed(const QString& message);

 private:
  PolicyClient::StateDone policyAnswer(const QString& action);

  CallbackGuard m_guard;
  QString m_target;
  std::unique_ptr<JobSubmitter> m_jobs;
  std::unique_ptr<PolicyClient> m_policy;
  std::unique_ptr<AlertClient> m_alerts;
};

}  // namespace hetsched

Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::v1::GetPolicyResponse>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::v1::ListPolicyHistoryResponse>)
