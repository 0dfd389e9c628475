#pragma once

#include "base/history/device_history.h"
#include "base/model/connection_state.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "callback_guard.h"
#include "device_history_meta.h"  // IWYU pragma: keep (the metatype its signals carry)
#include "serve/alert/alert.h"
#include "serve/client/cluster_client.h"

#include <QObject>
#include <QString>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hetsched {

class AlertClient;

// The console's Qt face of a ClusterClient: the read side of a gateway.
// Status and topology changes arrive as queued signals on the GUI thread;
// frames are coalesced: the client thread only replaces the latest frame,
// and views take it on their own repaint timer (takeFrame), never once per
// message. Changing the gateway (jobs, policies) is GatewayControl's, made
// from a live connection.
class ClusterConnection : public QObject {
  Q_OBJECT
 public:
  explicit ClusterConnection(const QString& target, QObject* parent = nullptr)
      : ClusterConnection(target, ClientOptions{}, parent) {}
  // options.bearerToken authorises the mutations a GatewayControl makes.
  ClusterConnection(const QString& target, const ClientOptions& options, QObject* parent = nullptr);
  ~ClusterConnection() override;

  void start();
  // Ends the stream; for a connection the console switched away from.
  void stop();
  QString target() const;
  // The client's channel, for one-off calls such as a snapshot fetch.
  std::shared_ptr<grpc::Channel> channel() const { return m_client->channel(); }
  // The options its calls carry (TLS, token), for one-off calls on channel().
  const ClientOptions& options() const { return m_options; }
  const std::string& bearerToken() const { return m_options.bearerToken; }
  ConnectionStatus status() const { return m_status; }
  std::shared_ptr<const Topology> topology() const { return m_topology; }
  // The newest frame not yet taken, or null. Counts frames that were
  // replaced before anyone took them.
  std::shared_ptr<const Frame> takeFrame(std::uint64_t* coalesced = nullptr);

  // Answers jobsListed (a failure is silent: the list keeps its last jobs
  // until the next refresh).
  void refreshJobs(const std::vector<JobState>& states, std::uint32_t limit);
  // The gateway's latest live forecast; answers predictionsListed (a
  // failure, e.g. an older gateway, is silent: the queue shows no forecast).
  void refreshPredictions();
  // Devices' series over the gateway's history: historyReady or historyFailed.
  void requestHistory(const HistoryRequest& request);
  // The gateway's alerts and rules; answers alertsListed (a failure, e.g. a
  // gateway older than alerts, is silent: the list stays empty).
  void refreshAlerts();

 Q_SIGNALS:
  void statusChanged(const hetsched::ConnectionStatus& status);
  void topologyChanged(std::shared_ptr<const hetsched::Topology> topology);
  void jobsListed(std::shared_ptr<const hetsched::JobList> jobs);
  void predictionsListed(std::shared_ptr<const hetsched::QueuePredictions> predictions);
  void historyReady(std::shared_ptr<const hetsched::DeviceHistory> history);
  void historyFailed(const QString& message);
  void alertsListed(std::shared_ptr<const hetsched::AlertReport> report);

 private:
  // Client callbacks may outlive this object; the destructor closes it first.
  CallbackGuard m_guard;
  ClientOptions m_options;
  std::unique_ptr<ClusterClient> m_client;
  std::unique_ptr<AlertClient> m_alerts;
  ConnectionStatus m_status;
  std::shared_ptr<const Topology> m_topology;
  std::mutex m_frameMutex;
  std::shared_ptr<const Frame> m_latestFrame;
  std::uint64_t m_coalesced = 0;
};

}  // namespace hetsched

Q_DECLARE_METATYPE(hetsched::ConnectionStatus)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::Topology>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::JobList>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::QueuePredictions>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::AlertReport>)
