#pragma once

#include "cluster_client.h"
#include "gateway_channel.h"

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>

namespace hetsched {

// One asynchronous unary call of a client: the context, request and
// response live until gRPC calls back, which may be after the caller has
// gone. Its deadline and bearer token come from the client's options.
template <typename Request, typename Response>
struct UnaryCall {
  grpc::ClientContext context;
  Request request;
  Response response;
};

template <typename Request, typename Response>
std::shared_ptr<UnaryCall<Request, Response>> newUnaryCall(const ClientOptions& options) {
  auto call = std::make_shared<UnaryCall<Request, Response>>();
  call->context.set_deadline(std::chrono::system_clock::now() + options.rpcDeadline);
  addBearerToken(call->context, options);
  return call;
}

inline RpcError toRpcError(const grpc::Status& status) {
  return {static_cast<int>(status.error_code()), status.error_message()};
}

}  // namespace hetsched
