#pragma once

#include "policy.pb.h"

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
