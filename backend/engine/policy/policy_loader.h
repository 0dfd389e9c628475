#pragma once

#include "base/model/slo_targets.h"
#include "compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "policy.pb.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

// Why a policy could not be used. `detail` carries Protobuf's own parse
// message for BadJson (it names the offending token); `fields` the
// validation errors for Invalid.
struct PolicyLoadError {
  enum class Kind : std::uint8_t { Unreadable, BadJson, Invalid };
  Kind kind = Kind::BadJson;
  std::string detail;
  std::vector<FieldError> fields;
};

// JSON (Protobuf's JSON mapping; proto or camelCase names; unknown fields
// rejected) → a validated policy.
std::variant<v1::Policy, PolicyLoadError> parsePolicyJson(std::string_view json);
// The JSON as a policy, not yet validated: for an editor, which shows each
// validation error next to its field instead of refusing the text.
std::variant<v1::Policy, PolicyLoadError> parsePolicyJsonUnvalidated(std::string_view json);
std::variant<v1::Policy, PolicyLoadError> loadPolicyFile(const std::filesystem::path& path);

// Canonical JSON: proto field names, defaults printed, indented.
std::string policyToJson(const v1::Policy& policy);

// The policy's target wait per priority class (High, Middle, Low), each
// unset class at its default (kDefaultTargetWaitS). Unvalidated: a bad value
// is returned as it is.
SloTargets sloTargetsOf(const v1::Policy& policy);

// Validates and resolves a policy for the simulator.
std::variant<CompiledPolicy, std::vector<FieldError>> compilePolicy(const v1::Policy& policy);

}  // namespace hetsched
