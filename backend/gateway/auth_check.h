#pragma once

#include "token_store.h"

#include <grpcpp/grpcpp.h>

#include <string>
#include <variant>

namespace hetsched {

// Who may make a call: the holder's name when its bearer token
// (`authorization: Bearer TOKEN`) has `required` or a higher role;
// otherwise UNAUTHENTICATED (no or unknown token) or PERMISSION_DENIED (a
// viewer asking to change something). Every mutating handler calls it first.
// *holderName gets a known token's name even when refused, for the audit log.
std::variant<std::string, grpc::Status> authorize(const grpc::CallbackServerContext& context,
                                                  const TokenStore& tokens, Role required,
                                                  std::string* holderName = nullptr);

}  // namespace hetsched
