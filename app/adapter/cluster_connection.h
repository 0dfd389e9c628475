#pragma once

#include "client/cluster_client.h"
#include "client/policy_client.h"

#include <QObject>
#include <QString>

#include <memory>
#include <mutex>

namespace hetsched {

// The console's Qt face of a ClusterClient. Status and topology changes
// arrive as queued signals on the GUI thread; frames are coalesced: the
// client thread only replaces the latest frame, and views take it on their
// own repaint timer (takeFrame), never once per message.
class ClusterConnection : public QObject {
  Q_OBJECT
 public:
  explicit ClusterConnection(const QString& target, QObject* parent = nullptr)
      : ClusterConnection(target, ClientOptions{}, parent) {}
  // options.bearerToken authorises the console's mutations (job submission).
  ClusterConnection(const QString& target, const ClientOptions& options, QObject* parent = nullptr);
  ~ClusterConnection() override;

  void start();
  // Ends the stream; for a connection the console switched away from.
  void stop();
  QString target() const;
  // The client's channel, for one-off calls such as a snapshot fetch.
  std::shared_ptr<grpc::Channel> channel() const { return m_client->channel(); }
  // The token its calls carry, for one-off calls on channel().
  const std::string& bearerToken() const { return m_bearerToken; }
  ConnectionStatus status() const { return m_status; }
  std::shared_ptr<const Topology> topology() const { return m_topology; }
  // The newest frame not yet taken, or null. Counts frames that were
  // replaced before anyone took them.
  std::shared_ptr<const Frame> takeFrame(std::uint64_t* coalesced = nullptr);

  void submitJob(const JobSpec& spec);
  void refreshJobs(std::vector<JobState> states, std::uint32_t limit);
  // The gateway's latest live forecast; answers predictionsListed (a
  // failure, e.g. an older gateway, is silent: the queue shows no forecast).
  void refreshPredictions();

  // The gateway's policy lifecycle. Each answer is policyStateChanged (a
  // mutation answers with the state it left) or policyCallFailed.
  void fetchPolicy();
  void fetchPolicyHistory();
  void pushPolicy(const v1::Policy& spec, int canaryPercent, quint64 expectedVersion);
  void promotePolicy(quint64 expectedVersion);
  void rollbackPolicy(quint64 toVersion, quint64 expectedVersion);

 Q_SIGNALS:
  void statusChanged(const hetsched::ConnectionStatus& status);
  void topologyChanged(std::shared_ptr<const hetsched::Topology> topology);
  void frameAvailable();
  void jobSubmitted(quint64 id);
  void jobSubmitFailed(const QString& message);
  void jobsListed(std::shared_ptr<const hetsched::JobList> jobs);
  void jobsListFailed(const QString& message);
  void predictionsListed(std::shared_ptr<const hetsched::QueuePredictions> predictions);
  // `action` is the call that answered: get, push, promote or rollback.
  void policyStateChanged(const QString& action, std::shared_ptr<const hetsched::v1::GetPolicyResponse> state);
  void policyHistoryListed(std::shared_ptr<const hetsched::v1::ListPolicyHistoryResponse> history);
  // `code` is the grpc::StatusCode (FAILED_PRECONDITION: a stale version).
  void policyCallFailed(const QString& action, int code, const QString& message);

 private:
  // Client callbacks may outlive this object (a unary call in flight while
  // the console closes); they post through the guard, which the destructor
  // shuts first.
  struct Guard {
    std::mutex mutex;
    bool alive = true;
  };
  template <typename F>
  static void post(const std::shared_ptr<Guard>& guard, ClusterConnection* self, F&& fn);

  std::shared_ptr<Guard> m_guard = std::make_shared<Guard>();
  PolicyClient::StateDone policyAnswer(const QString& action);

  std::string m_bearerToken;
  std::unique_ptr<ClusterClient> m_client;
  std::unique_ptr<PolicyClient> m_policy;
  ConnectionStatus m_status;
  std::shared_ptr<const Topology> m_topology;
  std::mutex m_frameMutex;
  std::shared_ptr<const Frame> m_latestFrame;
  std::uint64_t m_coalesced = 0;
  bool m_frameSignalPending = false;
};

}  // namespace hetsched

Q_DECLARE_METATYPE(hetsched::ConnectionStatus)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::Topology>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::JobList>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::QueuePredictions>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::v1::GetPolicyResponse>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::v1::ListPolicyHistoryResponse>)
