#pragma once

#include "calls_in_flight.h"
#include "base/model/job.h"
#include "cluster_client.h"

#include <functional>
#include <memory>
#include <variant>

namespace grpc {
class Channel;
}

namespace hetsched {

// Submits jobs to a gateway's ClusterService on an existing channel. Apart
// from ClusterClient, which only reads (topology, frames, job lists), so
// that whoever holds the stream cannot change the cluster by accident.
class JobSubmitter {
 public:
  using Done = std::function<void(std::variant<JobId, RpcError>)>;

  // options: the deadline and the bearer token a submission needs.
  JobSubmitter(std::shared_ptr<grpc::Channel> channel, ClientOptions options);
  ~JobSubmitter();
  JobSubmitter(const JobSubmitter&) = delete;
  JobSubmitter& operator=(const JobSubmitter&) = delete;

  // Returns at once; `done` runs on a gRPC thread.
  void submit(const JobSpec& spec, Done done);

 private:
  struct Stub;
  std::unique_ptr<Stub> m_stub;
  ClientOptions m_options;
  // Last, so destroyed first: waits for the calls before the channel goes.
  CallsInFlight m_calls;
};

}  // namespace hetsched
