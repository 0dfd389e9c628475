#include "auth_check.h"

namespace hetsched {

std::variant<std::string, grpc::Status> authorize(const grpc::CallbackServerContext& context,
                                                  const TokenStore& tokens, Role required,
                                                  std::string* holderName) {
  const auto& metadata = context.client_metadata();
  const auto it = metadata.find("authorization");
  if (it == metadata.end())
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "this call needs 'authorization: Bearer TOKEN'");
  const std::string_view value(it->second.data(), it->second.size());
  constexpr std::string_view kScheme = "Bearer ";
  if (!value.starts_with(kScheme))
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "authorization must be 'Bearer TOKEN'");
  const auto holder = tokens.find(value.substr(kScheme.size()));
  if (!holder) return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "unknown token");
  if (holderName) *holderName = holder->name;
  if (holder->role < required)
    return grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                        "token '" + holder->name + "' is a viewer; this call needs an operator token");
  return holder->name;
}

}  // namespace hetsched
