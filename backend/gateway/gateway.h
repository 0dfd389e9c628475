#pragma once

#include "cluster/cluster_source.h"
#include "policy.pb.h"
#include "token_store.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <string>
#include <thread>

namespace grpc {
class Server;
}

namespace hetsched {

struct GatewayState;
class ClusterServiceImpl;
class PolicyServiceImpl;
class MetricsHttpServer;
class MetricsRegistry;

struct GatewayOptions {
  std::string listen = "127.0.0.1:0";  // port 0: the system picks one
  // Simulated seconds per wall second; agent reports come every
  // agentPeriodMs / speed of wall time.
  double speed = 1.0;
  int maxReceiveMessageBytes = 4 << 20;   // requests are small
  int maxSendMessageBytes = 64 << 20;     // a 100,000-device topology fits
  // Prometheus /metrics endpoint, "HOST:PORT"; empty = none.
  std::string metricsListen;
  // Frames kept for GetSnapshot (hetschedd --history-frames); the default
  // is an hour at the agents' 3 s period.
  std::size_t historyFrames = 1200;
  // Bearer tokens for mutations (SubmitJob, policy changes). With none, every
  // mutation is refused: callers (hetschedd, the console) generate one.
  TokenStore tokens;
  // Where every mutation is appended; empty = memory only.
  std::string auditLogPath;
  // Version 1 of the policy book; unset = liveDefaultPolicy().
  std::optional<v1::Policy> initialPolicy;
};

// hetschedd's core: serves ClusterService for one ClusterSource and steps
// the source on a ticker thread, publishing a frame per agent round.
class Gateway {
 public:
  Gateway(std::unique_ptr<ClusterSource> source, GatewayOptions options);
  ~Gateway();
  Gateway(const Gateway&) = delete;
  Gateway& operator=(const Gateway&) = delete;

  // Throws std::invalid_argument when options.initialPolicy is invalid.
  // Binds and starts serving; false with *error set when the address is unusable.
  bool start(std::string* error);
  int port() const { return m_port; }
  std::string address() const;
  // The /metrics port, 0 when not serving metrics.
  int metricsPort() const;
  MetricsRegistry& metrics() { return *m_metrics; }
  std::size_t watcherCount() const;
  // Finishes every stream, stops the server and the ticker. Idempotent.
  void stop();

 private:
  void tickLoop();
  void publishFrame();
  void registerGauges();

  GatewayOptions m_options;
  std::unique_ptr<GatewayState> m_state;
  std::unique_ptr<ClusterServiceImpl> m_service;
  std::unique_ptr<PolicyServiceImpl> m_policyService;
  std::unique_ptr<MetricsRegistry> m_metrics;
  std::unique_ptr<MetricsHttpServer> m_metricsServer;
  std::unique_ptr<grpc::Server> m_server;
  std::thread m_ticker;
  std::mutex m_stopMutex;
  std::condition_variable m_stopCv;
  bool m_stopping = false;
  int m_port = 0;
};

}  // namespace hetsched
