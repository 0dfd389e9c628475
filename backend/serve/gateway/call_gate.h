#pragma once

#include "audit_log.h"
#include "method_access.h"
#include "refusal_limiter.h"
#include "token_store.h"

#include <cstddef>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <optional>
#include <string>
#include <variant>

namespace hetsched {

// Who is calling, once the gate let them in.
struct Caller {
  std::string name;  // the token's name; "(anonymous)" for an open read
  Role role = Role::Viewer;
};

// The one door every RPC goes through: request size against the method's
// cap, then the bearer token (`authorization: Bearer TOKEN`) against the
// role the method table asks. A refused call is audited as one short line
// (who, method, why, from where; never the request) within the refusal
// limiter's budget. Tokens and settings are fixed before the server starts;
// admit() is safe from any thread.
class CallGate {
 public:
  explicit CallGate(AuditLog& audit) : m_audit(audit) {}

  // anonymousReads: Read methods need no token (a loopback gateway's choice).
  void configure(TokenStore tokens, bool anonymousReads, const RefusalLimiter::Options& limits);

  // requestBytes: the first message's size (0 for a client stream, whose
  // messages the handler checks with checkSize).
  std::variant<Caller, grpc::Status> admit(const grpc::CallbackServerContext& context, Method method,
                                           std::size_t requestBytes);
  // INVALID_ARGUMENT when `bytes` is over the method's cap.
  static std::optional<grpc::Status> checkSize(Method method, std::size_t bytes);
  bool anonymousReads() const { return m_anonymousReads; }

  // The caller's address without its port ("ipv4:127.0.0.1"), what rate
  // limits count by.
  static std::string peerAddress(const grpc::CallbackServerContext& context);

 private:
  grpc::Status refuse(const grpc::CallbackServerContext& context, Method method, const std::string& who,
                      grpc::Status status);

  AuditLog& m_audit;
  TokenStore m_tokens;
  bool m_anonymousReads = false;
  RefusalLimiter m_limiter;
};

}  // namespace hetsched
