#pragma once

#include "policy.pb.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

// One numeric parameter of a policy named by its JSON path (the policy
// file's field names: "placement.priority_factor", "queue.backfill_depth")
// set to `value`, or why it cannot be: no such field (the message's numeric
// fields are listed), not a number, or a value an integer field cannot hold.
std::variant<v1::Policy, std::string> withParameter(const v1::Policy& policy, std::string_view path, double value);

// A numeric parameter a sweep or a slider can vary: its path (as
// withParameter takes it), its value in the policy, and what the field can
// hold (whole numbers only; nothing below 0).
struct PolicyParameter {
  std::string path;
  double value = 0.0;
  bool integral = false;
  bool nonNegative = false;
};

// Every numeric field of a policy, nested messages included whether set or
// not, in the order policy.proto declares them; the policy's own version
// number is not one (it names the policy, it does not schedule).
std::vector<PolicyParameter> policyParameters(const v1::Policy& policy);

// A parameter and the values a sweep gives it.
struct SweepAxis {
  std::string path;
  std::vector<double> values;
};

// "path=lo:hi:step" (lo, lo + step, ... up to hi) or "path=a,b,c", checked
// against `policy` (each value must be one the field takes), or why not. At
// most `maxValues` values.
std::variant<SweepAxis, std::string> parseSweepAxis(std::string_view text, const v1::Policy& policy,
                                                    std::size_t maxValues = 10'000);

}  // namespace hetsched
