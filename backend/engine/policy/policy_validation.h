#pragma once

#include "engine/sched/job_validation.h"

#include <vector>

namespace hetsched::v1 {
class Policy;
}

namespace hetsched {

// Every problem of a policy, in field order, each naming its field path the
// way the JSON file spells it with proto field names, e.g.
// {"placement.weights[3]", "must be > 0"}. Empty: the policy is usable.
std::vector<FieldError> validatePolicy(const v1::Policy& policy);

}  // namespace hetsched
