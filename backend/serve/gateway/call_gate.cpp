#include "call_gate.h"

#include "method_access.h"
#include "policy_service.pb.h"
#include "refusal_limiter.h"
#include "token_store.h"

#include <cstddef>
#include <grpcpp/server_context.h>
#include <grpcpp/support/status.h>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

constexpr std::size_t kMaxWho = 48;
constexpr std::size_t kMaxDetail = 160;

std::string clip(std::string text, std::size_t most) {
  if (text.size() > most) text.resize(most);
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return text;
}

}  // namespace

void CallGate::configure(TokenStore tokens, bool anonymousReads, const RefusalLimiter::Options& limits) {
  m_tokens = std::move(tokens);
  m_anonymousReads = anonymousReads;
  m_limiter.setOptions(limits);
}

std::string CallGate::peerAddress(const grpc::CallbackServerContext& context) {
  std::string peer = context.peer();
  // "ipv4:1.2.3.4:5678", "ipv6:[::1]:5678": drop the port; "unix:path" stays.
  if (peer.starts_with("ipv4:") || peer.starts_with("ipv6:")) {
    if (const auto colon = peer.rfind(':'); colon != std::string::npos && colon > 5) peer.resize(colon);
  }
  return clip(std::move(peer), 64);
}

std::optional<grpc::Status> CallGate::checkSize(Method method, std::size_t bytes) {
  const MethodRule& rule = ruleOf(method);
  if (bytes <= rule.maxRequestBytes) return std::nullopt;
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, std::string(rule.name) + " requests are at most " +
                                                              std::to_string(rule.maxRequestBytes) +
                                                              " bytes; this one has " + std::to_string(bytes));
}

std::variant<Caller, grpc::Status> CallGate::admit(const grpc::CallbackServerContext& context, Method method,
                                                   std::size_t requestBytes) {
  const MethodRule& rule = ruleOf(method);
  const auto& metadata = context.client_metadata();
  const auto it = metadata.find("authorization");
  if (it == metadata.end()) {
    if (rule.access == Access::Read && m_anonymousReads) {
      if (auto tooBig = checkSize(method, requestBytes)) return *tooBig;
      return Caller{"(anonymous)", Role::Viewer};
    }
    return refuse(
        context, method, "(anonymous)",
        {grpc::StatusCode::UNAUTHENTICATED,
         std::string(rule.name) + " needs 'authorization: Bearer TOKEN' of " + std::string(neededRoles(rule.access))});
  }
  const std::string_view value(it->second.data(), it->second.size());
  constexpr std::string_view kScheme = "Bearer ";
  if (!value.starts_with(kScheme))
    return refuse(context, method, "(anonymous)",
                  {grpc::StatusCode::UNAUTHENTICATED, "authorization must be 'Bearer TOKEN'"});
  const auto holder = m_tokens.find(value.substr(kScheme.size()));
  if (!holder) return refuse(context, method, "(unknown token)", {grpc::StatusCode::UNAUTHENTICATED, "unknown token"});
  if (!permits(holder->role, rule.access))
    return refuse(context, method, holder->name,
                  {grpc::StatusCode::PERMISSION_DENIED,
                   "token '" + holder->name + "' is " + (holder->role == Role::Agent ? "an " : "a ") +
                       std::string(toString(holder->role)) + " token; " + std::string(rule.name) + " needs " +
                       std::string(neededRoles(rule.access))});
  if (auto tooBig = checkSize(method, requestBytes)) return *tooBig;
  return Caller{holder->name, holder->role};
}

grpc::Status CallGate::refuse(const grpc::CallbackServerContext& context, Method method, const std::string& who,
                              grpc::Status status) {
  const std::string peer = peerAddress(context);
  const RefusalLimiter::Decision decision = m_limiter.refuse(peer);
  if (decision.verdict == RefusalLimiter::Verdict::Throttle)
    return {grpc::StatusCode::RESOURCE_EXHAUSTED,
            "too many refused calls from " + peer + "; slow down (" + status.error_message() + ")"};
  if (decision.verdict == RefusalLimiter::Verdict::Audit) {
    v1::AuditEntry entry;
    entry.set_who(clip(who, kMaxWho));
    entry.set_action(std::string(ruleOf(method).name));
    std::string detail =
        status.error_code() == grpc::StatusCode::UNAUTHENTICATED ? "unauthenticated" : "permission denied";
    detail += " from " + peer;
    if (decision.unaudited > 0) detail += " (+" + std::to_string(decision.unaudited) + " refusals unaudited before)";
    entry.set_detail(clip(std::move(detail), kMaxDetail));
    m_audit.record(std::move(entry));
  }
  return status;
}

}  // namespace hetsched
