#include "cluster_connection.h"

#include <QMetaObject>

#include <algorithm>

namespace hetsched {

template <typename F>
void ClusterConnection::post(const std::shared_ptr<Guard>& guard, ClusterConnection* self, F&& fn) {
  std::lock_guard lock(guard->mutex);
  if (guard->alive) QMetaObject::invokeMethod(self, std::forward<F>(fn), Qt::QueuedConnection);
}

ClusterConnection::ClusterConnection(const QString& target, const ClientOptions& options, QObject* parent)
    : QObject(parent), m_bearerToken(options.bearerToken) {
  qRegisterMetaType<ConnectionStatus>();
  qRegisterMetaType<std::shared_ptr<const Topology>>();
  qRegisterMetaType<std::shared_ptr<const JobList>>();
  qRegisterMetaType<std::shared_ptr<const QueuePredictions>>();
  qRegisterMetaType<std::shared_ptr<const v1::GetPolicyResponse>>();
  qRegisterMetaType<std::shared_ptr<const v1::ListPolicyHistoryResponse>>();
  ClientEvents events;
  events.onStatus = [this, guard = m_guard](const ConnectionStatus& status) {
    post(guard, this, [this, status] {
      m_status = status;
      Q_EMIT statusChanged(status);
    });
  };
  events.onTopology = [this, guard = m_guard](std::shared_ptr<const Topology> topology) {
    post(guard, this, [this, topology] {
      m_topology = topology;
      Q_EMIT topologyChanged(topology);
    });
  };
  events.onFrame = [this, guard = m_guard](std::shared_ptr<const Frame> frame) {
    bool notify = false;
    {
      std::lock_guard lock(m_frameMutex);
      if (m_latestFrame) ++m_coalesced;
      m_latestFrame = std::move(frame);
      notify = !std::exchange(m_frameSignalPending, true);
    }
    // One queued notification per batch, however many frames arrive.
    if (notify) post(guard, this, [this] { Q_EMIT frameAvailable(); });
  };
  m_client = std::make_unique<ClusterClient>(target.toStdString(), std::move(events), options);
  m_policy = std::make_unique<PolicyClient>(m_client->channel(), options);
}

ClusterConnection::~ClusterConnection() {
  {
    std::lock_guard lock(m_guard->mutex);
    m_guard->alive = false;
  }
  m_client->stop();
}

void ClusterConnection::start() { m_client->start(); }

void ClusterConnection::stop() { m_client->stop(); }

QString ClusterConnection::target() const { return QString::fromStdString(m_client->target()); }

std::shared_ptr<const Frame> ClusterConnection::takeFrame(std::uint64_t* coalesced) {
  std::lock_guard lock(m_frameMutex);
  m_frameSignalPending = false;
  if (coalesced) *coalesced = m_coalesced;
  // A frame decoded against an older topology is useless to the views.
  if (m_latestFrame && m_topology && m_latestFrame->topologyVersion != m_topology->version) return nullptr;
  return std::exchange(m_latestFrame, nullptr);
}

void ClusterConnection::submitJob(const JobSpec& spec) {
  m_client->submitJob(spec, [this, guard = m_guard](std::variant<JobId, RpcError> result) {
    post(guard, this, [this, result] {
      if (const auto* id = std::get_if<JobId>(&result)) Q_EMIT jobSubmitted(*id);
      else Q_EMIT jobSubmitFailed(QString::fromStdString(std::get<RpcError>(result).message));
    });
  });
}

void ClusterConnection::refreshJobs(std::vector<JobState> states, std::uint32_t limit) {
  m_client->listJobs(std::move(states), limit, [this, guard = m_guard](std::variant<JobList, RpcError> result) {
    if (auto* error = std::get_if<RpcError>(&result)) {
      const QString message = QString::fromStdString(error->message);
      post(guard, this, [this, message] { Q_EMIT jobsListFailed(message); });
      return;
    }
    auto list = std::make_shared<const JobList>(std::get<JobList>(std::move(result)));
    post(guard, this, [this, list] { Q_EMIT jobsListed(list); });
  });
}

void ClusterConnection::refreshPredictions() {
  m_client->getPredictions([this, guard = m_guard](std::variant<QueuePredictions, RpcError> result) {
    auto* predictions = std::get_if<QueuePredictions>(&result);
    if (!predictions) return;
    auto shared = std::make_shared<const QueuePredictions>(std::move(*predictions));
    post(guard, this, [this, shared] { Q_EMIT predictionsListed(shared); });
  });
}

PolicyClient::StateDone ClusterConnection::policyAnswer(const QString& action) {
  return [this, guard = m_guard, action](std::variant<v1::GetPolicyResponse, RpcError> result) {
    if (auto* error = std::get_if<RpcError>(&result)) {
      post(guard, this, [this, action, code = error->code, message = QString::fromStdString(error->message)] {
        Q_EMIT policyCallFailed(action, code, message);
      });
      return;
    }
    auto state = std::make_shared<const v1::GetPolicyResponse>(std::get<v1::GetPolicyResponse>(std::move(result)));
    post(guard, this, [this, action, state] { Q_EMIT policyStateChanged(action, state); });
  };
}

void ClusterConnection::fetchPolicy() { m_policy->get(policyAnswer(QStringLiteral("get"))); }

void ClusterConnection::pushPolicy(const v1::Policy& spec, int canaryPercent, quint64 expectedVersion) {
  m_policy->push(spec, static_cast<std::uint32_t>(std::clamp(canaryPercent, 0, 100)), expectedVersion,
                 policyAnswer(QStringLiteral("push")));
}

void ClusterConnection::promotePolicy(quint64 expectedVersion) {
  m_policy->promote(expectedVersion, policyAnswer(QStringLiteral("promote")));
}

void ClusterConnection::rollbackPolicy(quint64 toVersion, quint64 expectedVersion) {
  m_policy->rollback(toVersion, expectedVersion, policyAnswer(QStringLiteral("rollback")));
}

void ClusterConnection::fetchPolicyHistory() {
  m_policy->history([this, guard = m_guard](std::variant<v1::ListPolicyHistoryResponse, RpcError> result) {
    if (auto* error = std::get_if<RpcError>(&result)) {
      post(guard, this, [this, code = error->code, message = QString::fromStdString(error->message)] {
        Q_EMIT policyCallFailed(QStringLiteral("history"), code, message);
      });
      return;
    }
    auto history =
        std::make_shared<const v1::ListPolicyHistoryResponse>(std::get<v1::ListPolicyHistoryResponse>(std::move(result)));
    post(guard, this, [this, history] { Q_EMIT policyHistoryListed(history); });
  });
}

}  // namespace hetsched
