#pragma once

#include <string>
#include <vector>

namespace hetsched::v1 {
class Policy;
}

namespace hetsched {

// One field that differs between two policies, named by the same path
// validatePolicy uses ("placement.weights[2]"); values as the JSON spells
// them, empty where the field is absent on that side (a shorter list).
struct PolicyChange {
  std::string field;
  std::string before;
  std::string after;
  bool operator==(const PolicyChange&) const = default;
};

// Field-by-field difference, in field order; defaults count as values, so
// a field set to its default on one side only is no change.
std::vector<PolicyChange> diffPolicies(const v1::Policy& before, const v1::Policy& after);

}  // namespace hetsched
