#pragma once

#include "policy.pb.h"

#include <vector>

namespace hetsched {

// The policies shipped with HetSched; resources/policies/<name>.json holds
// each one as it is written to disk.
std::vector<v1::Policy> builtinPolicies();

}  // namespace hetsched
