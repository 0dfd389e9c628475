#pragma once

#include "calls_in_flight.h"
#include "base/history/device_history.h"
#include "base/model/connection_state.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "gateway_channel.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace grpc {
class Channel;
class ClientContext;
} // namespace grpc

namespace hetsched {

struct RpcError {
  int code = 0;  // grpc::StatusCode
  std::string message;
};

struct JobList {
  std::vector<Job> jobs;
  std::size_t totalMatching = 0;
};

// ChannelSecurity (TLS, client certificate, bearer token) plus how the
// console's client paces itself.
struct ClientOptions : ChannelSecurity {
  std::chrono::milliseconds initialBackoff{250};
  std::chrono::milliseconds maxBackoff{5000};
  std::chrono::milliseconds rpcDeadline{5000};
  // The topology alone gets longer: at 1,000,000 devices it is 17 MB, and a
  // busy gateway took more than rpcDeadline to send it, so the console never
  // reconnected. stop() cancels the fetch, so a closing console never waits.
  std::chrono::milliseconds topologyDeadline{60000};
  // No frame for this long counts as a lost connection (a silent network
  // drop does not always break the stream).
  std::chrono::milliseconds staleAfter{10000};
  double maxRateHz = 0.0;
};

// Callbacks run on the client's own threads (gRPC's or the supervisor);
// receivers hand the data to their own thread. They must not block long.
struct ClientEvents {
  std::function<void(const ConnectionStatus&)> onStatus;
  std::function<void(std::shared_ptr<const Topology>)> onTopology;
  std::function<void(std::shared_ptr<const Frame>)> onFrame;
};

// Connects to a gateway and keeps a frame stream open: fetches the topology,
// watches frames, and on any loss reconnects with exponential backoff. All
// calls return at once; nothing here blocks its caller on the network.
class ClusterClient {
 public:
  ClusterClient(std::string target, ClientEvents events, ClientOptions options = {});
  ~ClusterClient();
  ClusterClient(const ClusterClient&) = delete;
  ClusterClient& operator=(const ClusterClient&) = delete;

  void start();
  void stop();
  const std::string& target() const { return m_target; }
  // For one-off calls on the same connection (SnapshotFetcher).
  std::shared_ptr<grpc::Channel> channel() const { return m_channel; }

  void listJobs(const std::vector<JobState>& states, std::uint32_t limit,
                std::function<void(std::variant<JobList, RpcError>)> done);
  // The gateway's latest live forecast of the queue (GetPredictions).
  void getPredictions(std::function<void(std::variant<QueuePredictions, RpcError>)> done);
  // Devices' series over the gateway's frame history (GetDeviceHistory).
  void getDeviceHistory(const HistoryRequest& request, std::function<void(std::variant<DeviceHistory, RpcError>)> done);

 private:
  class FrameReader;
  void superviseLoop();
  bool fetchTopology(RpcError* error);
  bool watchUntilLost(RpcError* error);
  void setStatus(ConnectionState state, std::string detail, std::chrono::milliseconds retryIn);
  bool sleepUnlessStopping(std::chrono::milliseconds duration);
  void prepare(grpc::ClientContext& context) const;

  std::string m_target;
  ClientEvents m_events;
  ClientOptions m_options;
  std::shared_ptr<grpc::Channel> m_channel;
  std::thread m_supervisor;
  std::mutex m_mutex;
  std::condition_variable m_cv;
  bool m_stopping = false;
  std::shared_ptr<const Topology> m_topology;
  int m_attempt = 0;
  struct Stub;
  std::unique_ptr<Stub> m_stub;
  // Last, so destroyed first: waits for the calls before the channel goes.
  CallsInFlight m_calls;
};

}  // namespace hetsched
