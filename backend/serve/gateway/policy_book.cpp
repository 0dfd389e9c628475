#include "policy_book.h"

#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "policy.pb.h"
#include "policy_service.pb.h"
#include "sources/cluster/live_policies.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

v1::PolicyVersion makeVersion(std::uint64_t number, v1::Policy spec, std::string action, std::uint64_t source,
                              std::string author, std::int64_t nowMs) {
  v1::PolicyVersion v;
  spec.set_version(static_cast<std::uint32_t>(number));
  v.set_version(number);
  *v.mutable_spec() = std::move(spec);
  v.set_author(std::move(author));
  v.set_created_ms(nowMs);
  v.set_action(std::move(action));
  v.set_source_version(source);
  return v;
}

CompiledPolicy compileOrThrow(const v1::Policy& spec, const std::string& what = "initial policy") {
  auto compiled = compilePolicy(spec);
  if (auto* errors = std::get_if<std::vector<FieldError>>(&compiled))
    throw std::invalid_argument(what + ": " + errors->front().message());
  return std::get<CompiledPolicy>(std::move(compiled));
}

}  // namespace

PolicyBook::PolicyBook(v1::Policy initial, std::string author, std::int64_t nowMs) {
  m_versions.push_back(makeVersion(1, std::move(initial), "initial", 0, std::move(author), nowMs));
  m_compiled.push_back(compileOrThrow(m_versions.back().spec()));
  m_active = 1;
}

PolicyBook::PolicyBook(std::vector<v1::PolicyVersion> versions, std::uint64_t active, std::uint64_t candidate,
                       std::uint32_t canaryPercent)
    : m_versions(std::move(versions)), m_active(active), m_candidate(candidate), m_canaryPercent(canaryPercent) {
  m_compiled.reserve(m_versions.size());
  for (const v1::PolicyVersion& v : m_versions) {
    m_compiled.push_back(
        compileOrThrow(v.spec(), "policy v" + std::to_string(v.version()) + " '" + v.spec().name() + "'"));
    // A promotion or rollback runs its source's rules under its own number.
    m_compiled.back().version = static_cast<std::uint32_t>(v.version());
  }
}

v1::GetPolicyResponse PolicyBook::state() const {
  v1::GetPolicyResponse out;
  *out.mutable_active() = at(m_active);
  if (m_candidate != 0) {
    *out.mutable_candidate() = at(m_candidate);
    out.set_canary_percent(m_canaryPercent);
  }
  out.set_version(latest());
  return out;
}

LivePolicies PolicyBook::live() const {
  LivePolicies live;
  live.active = m_compiled[m_active - 1];
  live.activeVersion = m_active;
  if (m_candidate != 0) {
    live.candidate = m_compiled[m_candidate - 1];
    live.candidateVersion = m_candidate;
    live.canaryPercent = m_canaryPercent;
  }
  return live;
}

std::optional<PolicyChangeError> PolicyBook::checkExpected(std::uint64_t expected) const {
  if (expected == 0 || expected == latest()) return std::nullopt;
  return PolicyChangeError{
      PolicyChangeError::Kind::Stale,
      "expected version " + std::to_string(expected) + " but the current version is " + std::to_string(latest()),
      {}};
}

std::variant<PolicyChange, PolicyChangeError> PolicyBook::push(v1::Policy spec, std::uint32_t canaryPercent,
                                                               std::uint64_t expected, std::string author,
                                                               std::int64_t nowMs) const {
  if (auto stale = checkExpected(expected)) return *stale;
  if (canaryPercent > 100)
    return PolicyChangeError{
        PolicyChangeError::Kind::Invalid, "canary_percent: must be <= 100", {{"canary_percent", "must be <= 100"}}};
  const std::uint64_t number = latest() + 1;
  PolicyChange change;
  change.version = makeVersion(number, std::move(spec), "push", 0, std::move(author), nowMs);
  change.version.set_canary_percent(canaryPercent);
  auto compiled = compilePolicy(change.version.spec());
  if (auto* errors = std::get_if<std::vector<FieldError>>(&compiled)) {
    std::string message;
    for (const FieldError& e : *errors) message += (message.empty() ? "" : "; ") + e.message();
    return PolicyChangeError{PolicyChangeError::Kind::Invalid, message, *errors};
  }
  change.active = m_active;
  change.candidate = number;
  change.canaryPercent = canaryPercent;
  change.live.active = m_compiled[m_active - 1];
  change.live.activeVersion = m_active;
  change.live.candidate = std::get<CompiledPolicy>(std::move(compiled));
  change.live.candidateVersion = number;
  change.live.canaryPercent = canaryPercent;
  return change;
}

PolicyChange PolicyBook::activate(const v1::Policy& spec, std::string action, std::uint64_t source, std::string author,
                                  std::int64_t nowMs) const {
  const std::uint64_t number = latest() + 1;
  PolicyChange change;
  change.version = makeVersion(number, spec, std::move(action), source, std::move(author), nowMs);
  change.version.set_canary_percent(100);
  change.active = number;
  change.live.active = m_compiled[source - 1];
  change.live.active.version = static_cast<std::uint32_t>(number);
  change.live.activeVersion = number;
  return change;
}

std::variant<PolicyChange, PolicyChangeError> PolicyBook::promote(std::uint64_t expected, std::string author,
                                                                  std::int64_t nowMs) const {
  if (auto stale = checkExpected(expected)) return *stale;
  if (m_candidate == 0) return PolicyChangeError{PolicyChangeError::Kind::NoCandidate, "no candidate to promote", {}};
  return activate(at(m_candidate).spec(), "promote", m_candidate, std::move(author), nowMs);
}

std::variant<PolicyChange, PolicyChangeError> PolicyBook::rollback(std::uint64_t to, std::uint64_t expected,
                                                                   std::string author, std::int64_t nowMs) const {
  if (auto stale = checkExpected(expected)) return *stale;
  if (to == 0 || to > latest())
    return PolicyChangeError{
        PolicyChangeError::Kind::NotFound,
        "to_version: no version " + std::to_string(to) + " (versions are 1.." + std::to_string(latest()) + ")",
        {{"to_version", "no such version"}}};
  return activate(at(to).spec(), "rollback", to, std::move(author), nowMs);
}

void PolicyBook::commit(PolicyChange change) {
  // A version that becomes the candidate was compiled as live.candidate.
  CompiledPolicy compiled = change.candidate == change.version.version() && change.live.candidate
                                ? *change.live.candidate
                                : change.live.active;
  m_versions.push_back(std::move(change.version));
  m_compiled.push_back(std::move(compiled));
  m_active = change.active;
  m_candidate = change.candidate;
  m_canaryPercent = change.canaryPercent;
}

}  // namespace hetsched
