#pragma once

#include "calls_in_flight.h"
#include "cluster_client.h"
#include "gateway_channel.h"

#include <chrono>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

// One asynchronous unary call of a client: the context, request and
// response live until gRPC calls back, which may be after the caller has
// gone. Its deadline and bearer token come from the client's options; it is
// one of the client's calls in flight until the context is gone.
template <typename Request, typename Response>
struct UnaryCall {
  CallsInFlight::Entry inFlight;  // first: destroyed after the context
  grpc::ClientContext context;
  Request request;
  Response response;
};

template <typename Request, typename Response>
std::shared_ptr<UnaryCall<Request, Response>> newUnaryCall(const ClientOptions& options, CallsInFlight& calls) {
  auto call = std::make_shared<UnaryCall<Request, Response>>();
  call->context.set_deadline(std::chrono::system_clock::now() + options.rpcDeadline);
  addBearerToken(call->context, options);
  calls.add(call->inFlight, call->context, call);
  return call;
}

inline RpcError toRpcError(const grpc::Status& status) {
  return {static_cast<int>(status.error_code()), status.error_message()};
}

// gRPC's callback for `call`: a failed call hands `done` its error, an
// answered one what `answer` makes of the response (a value, or an RpcError).
template <typename Call, typename Done, typename Answer>
auto whenAnswered(std::shared_ptr<Call> call, Done done, Answer answer) {
  return [call, done = std::move(done), answer = std::move(answer)](const grpc::Status& status) {
    if (!status.ok()) return done(toRpcError(status));
    done(answer(call->response));
  };
}

// A response's decoded value, or INTERNAL naming `method` when the gateway
// answered with something malformed.
template <typename Value>
std::variant<Value, RpcError> decodedOrInternal(std::variant<Value, std::string> decoded, const char* method) {
  if (auto* e = std::get_if<std::string>(&decoded))
    return RpcError{grpc::StatusCode::INTERNAL, std::string(method) + ": " + *e};
  return std::get<Value>(std::move(decoded));
}

}  // namespace hetsched
