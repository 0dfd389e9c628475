#pragma once

#include "calls_in_flight.h"
#include "cluster_client.h"
#include "policy.pb.h"
#include "policy_service.pb.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <variant>

namespace grpc {
class Channel;
}

namespace hetsched {

// The gateway's PolicyService on a ClusterClient's channel: the policy in
// force, pushes with a canary share, promotion, rollback and history. Calls
// return at once; `done` runs on a gRPC thread.
class PolicyClient {
 public:
  using StateDone = std::function<void(std::variant<v1::GetPolicyResponse, RpcError>)>;
  using HistoryDone = std::function<void(std::variant<v1::ListPolicyHistoryResponse, RpcError>)>;

  // options: the deadline and the bearer token mutations need.
  PolicyClient(std::shared_ptr<grpc::Channel> channel, ClientOptions options);
  ~PolicyClient();
  PolicyClient(const PolicyClient&) = delete;
  PolicyClient& operator=(const PolicyClient&) = delete;

  void get(StateDone done);
  // expectedVersion: the version the operator's decision was based on (0:
  // don't check); a change made meanwhile fails with FAILED_PRECONDITION.
  void push(const v1::Policy& spec, std::uint32_t canaryPercent, std::uint64_t expectedVersion, StateDone done);
  void promote(std::uint64_t expectedVersion, StateDone done);
  void rollback(std::uint64_t toVersion, std::uint64_t expectedVersion, StateDone done);
  void history(HistoryDone done);

 private:
  struct Stub;
  std::unique_ptr<Stub> m_stub;
  ClientOptions m_options;
  // Last, so destroyed first: waits for the calls before the channel goes.
  CallsInFlight m_calls;
};

}  // namespace hetsched
