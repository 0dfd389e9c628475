#pragma once

#include "token_store.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace hetsched {

// What a call does, which decides the role it needs.
enum class Access : std::uint8_t {
  Read,    // viewer or operator; no token on a loopback gateway that allows it
  Report,  // agent or operator: node metrics into a --source agents gateway
  Mutate,  // operator only
};

// Every RPC the gateway serves, in the order of the table below.
enum class Method : std::uint8_t {
  GetTopology,
  WatchFrames,
  ListJobs,
  SubmitJob,
  ReportMetrics,
  GetSnapshot,
  GetPolicy,
  PushPolicy,
  PromotePolicy,
  RollbackPolicy,
  ListPolicyHistory,
  ListAuditLog,
  GetPredictions,
  GetDeviceHistory,
  GetAlerts,
  SetAlertRules,
  AcknowledgeAlerts,
};
inline constexpr std::size_t kMethodCount = 17;

struct MethodRule {
  Method method;
  std::string_view service;  // full Protobuf service name
  std::string_view name;
  Access access;
  // Larger requests are refused before any work (a stream: per message).
  std::uint32_t maxRequestBytes;
};

// THE table: each method's role and request cap, declared once. Every
// handler asks CallGate::admit with its Method; tst_method_roles walks every
// RPC of both services' descriptors against it, so a method missing here or
// a handler that skips the gate fails the suite. docs/security.md prints it.
inline constexpr std::array<MethodRule, kMethodCount> kMethodRules{{
    {Method::GetTopology, "hetsched.v1.ClusterService", "GetTopology", Access::Read, 64},
    {Method::WatchFrames, "hetsched.v1.ClusterService", "WatchFrames", Access::Read, 64},
    {Method::ListJobs, "hetsched.v1.ClusterService", "ListJobs", Access::Read, 4 << 10},
    {Method::SubmitJob, "hetsched.v1.ClusterService", "SubmitJob", Access::Mutate, 16 << 10},
    {Method::ReportMetrics, "hetsched.v1.ClusterService", "ReportMetrics", Access::Report, 64 << 10},
    {Method::GetSnapshot, "hetsched.v1.ClusterService", "GetSnapshot", Access::Read, 64},
    {Method::GetPolicy, "hetsched.v1.PolicyService", "GetPolicy", Access::Read, 64},
    {Method::PushPolicy, "hetsched.v1.PolicyService", "PushPolicy", Access::Mutate, 256 << 10},
    {Method::PromotePolicy, "hetsched.v1.PolicyService", "PromotePolicy", Access::Mutate, 64},
    {Method::RollbackPolicy, "hetsched.v1.PolicyService", "RollbackPolicy", Access::Mutate, 64},
    {Method::ListPolicyHistory, "hetsched.v1.PolicyService", "ListPolicyHistory", Access::Read, 64},
    {Method::ListAuditLog, "hetsched.v1.PolicyService", "ListAuditLog", Access::Read, 64},
    {Method::GetPredictions, "hetsched.v1.ClusterService", "GetPredictions", Access::Read, 64},
    // 64 device indexes and a range fit in a few hundred bytes.
    {Method::GetDeviceHistory, "hetsched.v1.ClusterService", "GetDeviceHistory", Access::Read, 1 << 10},
    {Method::GetAlerts, "hetsched.v1.AlertService", "GetAlerts", Access::Read, 64},
    {Method::SetAlertRules, "hetsched.v1.AlertService", "SetAlertRules", Access::Mutate, 64 << 10},
    // 10,000 ids of up to 10 bytes each, packed.
    {Method::AcknowledgeAlerts, "hetsched.v1.AlertService", "AcknowledgeAlerts", Access::Mutate, 128 << 10},
}};

constexpr const MethodRule& ruleOf(Method method) { return kMethodRules[static_cast<std::size_t>(method)]; }

// The largest request any method takes: the server's receive limit.
constexpr std::uint32_t largestRequestBytes() {
  std::uint32_t most = 0;
  for (const MethodRule& r : kMethodRules) most = r.maxRequestBytes > most ? r.maxRequestBytes : most;
  return most;
}

// The rule for a service and method name, as the descriptors spell them.
std::optional<MethodRule> findRule(std::string_view service, std::string_view name);

// Operators may do anything; viewers read; agents only report.
bool permits(Role role, Access access);
// "a viewer or operator token", for refusal messages.
std::string_view neededRoles(Access access);
std::string_view toString(Access access);

}  // namespace hetsched
