#pragma once

#include "call_gate.h"
#include "method_access.h"

#include <cstddef>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>
#include <variant>

// How the gateway's services answer a unary call on gRPC's callback API.
namespace hetsched {

// The call's default reactor, finished with `status`.
inline grpc::ServerUnaryReactor* finish(grpc::CallbackServerContext* ctx, const grpc::Status& status) {
  grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
  reactor->Finish(status);
  return reactor;
}

// The finished reactor when the gate refuses the call (the gate audits the
// refusal), else null: for a handler that need not know who is calling.
inline grpc::ServerUnaryReactor* refuseUnlessAdmitted(CallGate& gate, grpc::CallbackServerContext* ctx, Method method,
                                                      std::size_t requestBytes) {
  auto caller = gate.admit(*ctx, method, requestBytes);
  if (auto* refused = std::get_if<grpc::Status>(&caller)) return finish(ctx, *refused);
  return nullptr;
}

}  // namespace hetsched
