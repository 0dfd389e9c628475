#pragma once

#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "policy.pb.h"
#include "policy_service.pb.h"
#include "sources/cluster/live_policies.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// Why a policy change was refused; the service maps kinds to gRPC codes.
struct PolicyChangeError {
  enum class Kind : std::uint8_t { Stale, Invalid, NotFound, NoCandidate };
  Kind kind = Kind::Invalid;
  std::string message;
  std::vector<FieldError> fields;
};

// A change worked out but not yet made: the gateway hands `live` to the
// cluster source first and commits only when the source took it, so a
// refused change leaves both exactly as they were.
struct PolicyChange {
  v1::PolicyVersion version;  // the version this change creates
  std::uint64_t active = 0;
  std::uint64_t candidate = 0;  // 0: no canary
  std::uint32_t canaryPercent = 0;
  LivePolicies live;
};

// The gateway's policy versions. Every change (push, promote, rollback)
// makes a new, higher version, so optimistic concurrency needs one number.
// Not thread-safe: the gateway holds its state lock around it.
class PolicyBook {
 public:
  // Version 1 is `initial` (validated by the caller).
  PolicyBook(v1::Policy initial, std::string author, std::int64_t nowMs);
  // Resumes a book the state file kept (versions [i] = i + 1, checked by
  // the caller); throws std::invalid_argument naming a version whose
  // policy no longer compiles.
  PolicyBook(std::vector<v1::PolicyVersion> versions, std::uint64_t active, std::uint64_t candidate,
             std::uint32_t canaryPercent);

  std::uint64_t latest() const { return m_versions.size(); }
  std::uint64_t activeVersion() const { return m_active; }
  std::uint64_t candidateVersion() const { return m_candidate; }
  std::uint32_t canaryPercent() const { return m_canaryPercent; }
  v1::GetPolicyResponse state() const;
  const std::vector<v1::PolicyVersion>& history() const { return m_versions; }
  LivePolicies live() const;

  std::variant<PolicyChange, PolicyChangeError> push(v1::Policy spec, std::uint32_t canaryPercent,
                                                     std::uint64_t expected, std::string author,
                                                     std::int64_t nowMs) const;
  std::variant<PolicyChange, PolicyChangeError> promote(std::uint64_t expected, std::string author,
                                                        std::int64_t nowMs) const;
  std::variant<PolicyChange, PolicyChangeError> rollback(std::uint64_t to, std::uint64_t expected, std::string author,
                                                         std::int64_t nowMs) const;
  void commit(PolicyChange change);

 private:
  std::optional<PolicyChangeError> checkExpected(std::uint64_t expected) const;
  PolicyChange activate(const v1::Policy& spec, std::string action, std::uint64_t source, std::string author,
                        std::int64_t nowMs) const;
  const v1::PolicyVersion& at(std::uint64_t version) const { return m_versions[version - 1]; }

  std::vector<v1::PolicyVersion> m_versions;  // [i] is version i + 1
  std::uint64_t m_active = 0;
  std::uint64_t m_candidate = 0;
  std::uint32_t m_canaryPercent = 0;
  // Compiled once per version: the source needs them on every change.
  std::vector<CompiledPolicy> m_compiled;
};

}  // namespace hetsched
