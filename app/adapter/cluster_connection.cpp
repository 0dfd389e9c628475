#include "cluster_connection.h"

#include "base/history/device_history.h"
#include "base/model/connection_state.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "serve/alert/alert.h"
#include "serve/client/alert_client.h"
#include "serve/client/cluster_client.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

ClusterConnection::ClusterConnection(const QString& target, const ClientOptions& options, QObject* parent)
    : QObject(parent), m_options(options) {
  qRegisterMetaType<ConnectionStatus>();
  qRegisterMetaType<std::shared_ptr<const Topology>>();
  qRegisterMetaType<std::shared_ptr<const JobList>>();
  qRegisterMetaType<std::shared_ptr<const QueuePredictions>>();
  qRegisterMetaType<std::shared_ptr<const DeviceHistory>>();
  qRegisterMetaType<std::shared_ptr<const AlertReport>>();
  ClientEvents events;
  events.onStatus = [this, guard = m_guard](const ConnectionStatus& status) {
    guard.post(this, [this, status] {
      m_status = status;
      Q_EMIT statusChanged(status);
    });
  };
  events.onTopology = [this, guard = m_guard](const std::shared_ptr<const Topology>& topology) {
    guard.post(this, [this, topology] {
      m_topology = topology;
      Q_EMIT topologyChanged(topology);
    });
  };
  // The workspace takes the newest frame on its own tick (takeFrame).
  events.onFrame = [this](std::shared_ptr<const Frame> frame) {
    std::lock_guard lock(m_frameMutex);
    if (m_latestFrame) ++m_coalesced;
    m_latestFrame = std::move(frame);
  };
  m_client = std::make_unique<ClusterClient>(target.toStdString(), std::move(events), options);
  m_alerts = std::make_unique<AlertClient>(m_client->channel(), options);
}

ClusterConnection::~ClusterConnection() {
  m_guard.close();
  m_client->stop();
}

void ClusterConnection::start() { m_client->start(); }

void ClusterConnection::stop() { m_client->stop(); }

QString ClusterConnection::target() const { return QString::fromStdString(m_client->target()); }

std::shared_ptr<const Frame> ClusterConnection::takeFrame(std::uint64_t* coalesced) {
  std::lock_guard lock(m_frameMutex);
  if (coalesced) *coalesced = m_coalesced;
  // A frame decoded against an older topology is useless to the views.
  if (m_latestFrame && m_topology && m_latestFrame->topologyVersion != m_topology->version) return nullptr;
  return std::exchange(m_latestFrame, nullptr);
}

void ClusterConnection::refreshJobs(const std::vector<JobState>& states, std::uint32_t limit) {
  m_client->listJobs(states, limit, [this, guard = m_guard](std::variant<JobList, RpcError> result) {
    auto* jobs = std::get_if<JobList>(&result);
    if (!jobs) return;
    auto list = std::make_shared<const JobList>(std::move(*jobs));
    guard.post(this, [this, list] { Q_EMIT jobsListed(list); });
  });
}

void ClusterConnection::refreshPredictions() {
  m_client->getPredictions([this, guard = m_guard](std::variant<QueuePredictions, RpcError> result) {
    auto* predictions = std::get_if<QueuePredictions>(&result);
    if (!predictions) return;
    auto shared = std::make_shared<const QueuePredictions>(std::move(*predictions));
    guard.post(this, [this, shared] { Q_EMIT predictionsListed(shared); });
  });
}

void ClusterConnection::requestHistory(const HistoryRequest& request) {
  m_client->getDeviceHistory(request, [this, guard = m_guard](std::variant<DeviceHistory, RpcError> result) {
    if (auto* error = std::get_if<RpcError>(&result)) {
      const QString message = QString::fromStdString(error->message);
      guard.post(this, [this, message] { Q_EMIT historyFailed(message); });
      return;
    }
    auto shared = std::make_shared<const DeviceHistory>(std::get<DeviceHistory>(std::move(result)));
    guard.post(this, [this, shared] { Q_EMIT historyReady(shared); });
  });
}

}  // namespace hetsched

namespace hetsched {

void ClusterConnection::refreshAlerts() {
  m_alerts->get([this, guard = m_guard](std::variant<AlertReport, RpcError> result) {
    auto* report = std::get_if<AlertReport>(&result);
    if (!report) return;
    auto shared = std::make_shared<const AlertReport>(std::move(*report));
    guard.post(this, [this, shared] { Q_EMIT alertsListed(shared); });
  });
}

}  // namespace hetsched
