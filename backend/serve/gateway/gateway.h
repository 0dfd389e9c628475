#pragma once

#include "method_access.h"
#include "policy.pb.h"
#include "refusal_limiter.h"
#include "serve/alert/alert_rule.h"
#include "sources/cluster/cluster_source.h"
#include "stream_slots.h"
#include "token_store.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace grpc {
class Server;
}

namespace hetsched {

class PackedFrameEncoder;

struct GatewayState;
class ClusterServiceImpl;
class PolicyServiceImpl;
class AlertServiceImpl;
class MetricsHttpServer;
class MetricsRegistry;

// The gateway's certificate (PEM chain and key) and, for mutual TLS, the CA
// that client certificates must chain to.
struct ServerTls {
  std::string certPem;
  std::string keyPem;
  std::string clientCaPem;  // empty: no client certificate asked for
};

struct GatewayOptions {
  std::string listen = "127.0.0.1:0";  // port 0: the system picks one
  std::optional<ServerTls> tls;
  // Plaintext beyond loopback; without it start() refuses, since tokens and
  // cluster data would cross the network readable by anyone on the path.
  bool insecure = false;
  // Simulated seconds per wall second; agent reports come every
  // agentPeriodMs / speed of wall time.
  double speed = 1.0;
  // Requests are small: the largest any method takes (method_access.h),
  // each method checking its own cap.
  int maxReceiveMessageBytes = static_cast<int>(largestRequestBytes());
  int maxSendMessageBytes = 64 << 20;     // a 100,000-device topology fits
  // Prometheus /metrics endpoint, "HOST:PORT"; empty = none.
  std::string metricsListen;
  // Frames kept for GetSnapshot (hetschedd --history-frames); the default
  // is an hour at the agents' 3 s period.
  std::size_t historyFrames = 1200;
  // And at most this many bytes of them (hetschedd --history-mb): an hour of
  // 10,000 devices is 40 MB packed, of 1,000,000 devices 3.7 GB, which would
  // not leave the gateway within 2 GB; the oldest frames go first.
  std::uint64_t historyBytes = 512ull << 20;
  // Frames go to watchers that apply deltas as a key frame every this many
  // frames and, between, as deltas against the last key frame (hetschedd
  // --key-frames; 1: whole frames only). docs/frames.md has the measures.
  int keyFrameInterval = 8;
  // Bearer tokens and their roles (method_access.h). With none, every call
  // that needs a token is refused: callers (hetschedd, the console)
  // generate an operator token.
  TokenStore tokens;
  // Reads without a token. Unset: allowed only on a loopback listen address;
  // beyond loopback reads always need a viewer token (start() refuses true).
  std::optional<bool> anonymousReads;
  // Budgets for refused calls (bounded audit under a flood of bad tokens).
  RefusalLimiter::Options refusalLimits;
  // Open streams at once, in all and per remote address (hetschedd
  // --max-watchers, --max-agents).
  StreamSlots::Limits maxWatchers{256, 32};
  StreamSlots::Limits maxSnapshotFetches{4, 2};
  StreamSlots::Limits maxReportStreams{10000, 10000};
  // The state file (policy versions, canary state, the audit log), resumed
  // at start; empty = in memory, gone at exit.
  std::string statePath;
  // Where every audit entry is also appended as a line; empty = none.
  std::string auditLogPath;
  // How often (wall time) the predictor thread forecasts the queue
  // (GetPredictions) when the cluster has moved; 0 = no predictions.
  std::uint32_t predictionIntervalMs = 2000;
  // Version 1 of the policy book; unset = liveDefaultPolicy().
  std::optional<v1::Policy> initialPolicy;
  // The alert rules at start (hetschedd --alert-rules FILE) and where they
  // came from; unset = defaultAlertRules(), "built-in".
  std::optional<std::vector<AlertRule>> alertRules;
  std::string alertRulesOrigin;
};

// hetschedd's core: serves ClusterService for one ClusterSource and steps
// the source on a ticker thread, publishing a frame per agent round.
class Gateway {
 public:
  Gateway(std::unique_ptr<ClusterSource> source, GatewayOptions options);
  ~Gateway();
  Gateway(const Gateway&) = delete;
  Gateway& operator=(const Gateway&) = delete;

  // Opens the state file, resumes or starts the policy book, binds and
  // starts serving; false with *error set when the address, the TLS
  // settings, the state file or the initial policy is unusable.
  bool start(std::string* error);
  // What start() found: "state FILE resumed at policy v3, audit entry 17".
  std::string stateSummary() const;
  int port() const { return m_port; }
  std::string address() const;
  // The /metrics port, 0 when not serving metrics.
  int metricsPort() const;
  MetricsRegistry& metrics() { return *m_metrics; }
  std::size_t watcherCount() const;
  // Runs `change` on the source under the cluster's lock, between two
  // steps: the embedded console's and the tests' way to act on a
  // simulated cluster a gateway runs (take a node down).
  void withSource(const std::function<void(ClusterSource&)>& change);
  // Finishes every stream, stops the server and the ticker. Idempotent.
  void stop();

 private:
  void tickLoop();
  void publishFrame();
  void predictLoop();
  // What one forecast cost: the copy under the cluster's lock and in all.
  struct ForecastCost {
    double underLockMs = 0.0;
    double totalMs = 0.0;
  };
  ForecastCost forecastOnce();
  void registerGauges();
  bool openState(std::string* error);

  GatewayOptions m_options;
  std::unique_ptr<GatewayState> m_state;
  std::unique_ptr<ClusterServiceImpl> m_service;
  std::unique_ptr<PolicyServiceImpl> m_policyService;
  std::unique_ptr<AlertServiceImpl> m_alertService;
  std::unique_ptr<MetricsRegistry> m_metrics;
  std::unique_ptr<MetricsHttpServer> m_metricsServer;
  std::unique_ptr<grpc::Server> m_server;
  std::thread m_ticker;
  std::thread m_predictor;  // live forecasts, off the frame path
  std::uint64_t m_forecastSequence = ~std::uint64_t{0};  // frame of the last forecast
  // Used only in publishFrame, under the state's mutex.
  std::unique_ptr<PackedFrameEncoder> m_encoder;
  std::uint64_t m_keyFrames = 0;
  std::atomic<bool> m_cancelForecast{false};             // set by stop()
  std::mutex m_stopMutex;
  std::condition_variable m_stopCv;
  bool m_stopping = false;
  int m_port = 0;
  std::string m_stateSummary;
};

}  // namespace hetsched
