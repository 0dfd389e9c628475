#include "job_submitter.h"

#include "base/model/job.h"
#include "cluster_client.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/rpc/proto_convert.h"
#include "unary_call.h"

#include <grpcpp/grpcpp.h>
#include <memory>
#include <utility>

namespace hetsched {

struct JobSubmitter::Stub {
  std::unique_ptr<v1::ClusterService::Stub> stub;
};

JobSubmitter::JobSubmitter(std::shared_ptr<grpc::Channel> channel, ClientOptions options)
    : m_stub(std::make_unique<Stub>(Stub{v1::ClusterService::NewStub(std::move(channel))})),
      m_options(std::move(options)) {}

JobSubmitter::~JobSubmitter() = default;

void JobSubmitter::submit(const JobSpec& spec, Done done) {
  auto call = newUnaryCall<v1::SubmitJobRequest, v1::SubmitJobResponse>(m_options, m_calls);
  toProto(spec, call->request.mutable_spec());
  m_stub->stub->async()->SubmitJob(
      &call->context, &call->request, &call->response,
      whenAnswered(call, std::move(done), [](const v1::SubmitJobResponse& r) { return r.job_id(); }));
}

}  // namespace hetsched
