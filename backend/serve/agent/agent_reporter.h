#pragma once

#include "serve/client/gateway_channel.h"
#include "sources/host/host_reader.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>

namespace hetsched {

struct AgentOptions {
  std::string reportTo;  // the central gateway, "HOST:PORT"
  ChannelSecurity security;  // TLS and the agent token ReportMetrics needs
  std::string nodeId;    // empty: the host name
  std::chrono::milliseconds period{3000};
  HostReaderOptions host;
};

// hetschedd --agent: reads this host every period and streams the reports
// to a central gateway over ReportMetrics. A lost gateway is retried every
// period (the gateway marks the node down meanwhile and up when reports
// resume); a gateway that rejects the reports is a configuration error and
// ends run(). Runs on the caller's thread with gRPC's blocking API: an
// agent has nothing else to do while it waits.
class AgentReporter {
 public:
  explicit AgentReporter(AgentOptions options, std::function<void(const std::string&)> log = {});

  // Returns when stop() is called (empty) or on a permanent error (its text).
  std::string run();
  void stop();

 private:
  bool waitUnlessStopping(std::chrono::steady_clock::time_point until);

  AgentOptions m_options;
  std::function<void(const std::string&)> m_log;
  std::mutex m_mutex;
  std::condition_variable m_cv;
  bool m_stopping = false;
};

}  // namespace hetsched
