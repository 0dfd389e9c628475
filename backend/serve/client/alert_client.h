#pragma once

#include "calls_in_flight.h"
#include "cluster_client.h"
#include "serve/alert/alert.h"
#include "serve/alert/alert_rule.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <variant>
#include <vector>

namespace grpc {
class Channel;
}

namespace hetsched {

// The gateway's AlertService on a ClusterClient's channel: its alerts and
// rules, replacing the rules and acknowledging alerts (an operator's token). Calls return at
// once; `done` runs on a gRPC thread.
class AlertClient {
 public:
  using ReportDone = std::function<void(std::variant<AlertReport, RpcError>)>;
  using SetDone = std::function<void(std::variant<std::uint64_t, RpcError>)>;  // the new revision

  AlertClient(std::shared_ptr<grpc::Channel> channel, ClientOptions options);
  ~AlertClient();
  AlertClient(const AlertClient&) = delete;
  AlertClient& operator=(const AlertClient&) = delete;

  void get(ReportDone done);
  void setRules(const std::vector<AlertRule>& rules, SetDone done);
  struct Acknowledged {
    std::uint32_t added = 0;              // newly acknowledged
    std::vector<std::uint64_t> unknown;  // ids the gateway no longer holds
  };
  using AcknowledgeDone = std::function<void(std::variant<Acknowledged, RpcError>)>;
  void acknowledge(const std::vector<std::uint64_t>& ids, AcknowledgeDone done);

 private:
  struct Stub;
  std::unique_ptr<Stub> m_stub;
  ClientOptions m_options;
  // Last, so destroyed first: waits for the calls before the channel goes.
  CallsInFlight m_calls;
};

}  // namespace hetsched
