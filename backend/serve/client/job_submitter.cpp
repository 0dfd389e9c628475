#include "job_submitter.h"

#include "hetsched.grpc.pb.h"
#include "serve/rpc/proto_convert.h"

#include <grpcpp/grpcpp.h>

namespace hetsched {

struct JobSubmitter::Stub {
  std::unique_ptr<v1::ClusterService::Stub> stub;
};

JobSubmitter::JobSubmitter(std::shared_ptr<grpc::Channel> channel, ClientOptions options)
    : m_stub(std::make_unique<Stub>(Stub{v1::ClusterService::NewStub(std::move(channel))})),
      m_options(std::move(options)) {}

JobSubmitter::~JobSubmitter() = default;

void JobSubmitter::submit(const JobSpec& spec, Done done) {
  // Lives until gRPC calls back, which may be after the caller has gone.
  struct Call {
    grpc::ClientContext context;
    v1::SubmitJobRequest request;
    v1::SubmitJobResponse response;
  };
  auto call = std::make_shared<Call>();
  call->context.set_deadline(std::chrono::system_clock::now() + m_options.rpcDeadline);
  if (!m_options.bearerToken.empty()) call->context.AddMetadata("authorization", "Bearer " + m_options.bearerToken);
  toProto(spec, call->request.mutable_spec());
  m_stub->stub->async()->SubmitJob(&call->context, &call->request, &call->response,
                                   [call, done = std::move(done)](grpc::Status status) {
                                     if (status.ok()) done(call->response.job_id());
                                     else done(RpcError{static_cast<int>(status.error_code()), status.error_message()});
                                   });
}

}  // namespace hetsched
