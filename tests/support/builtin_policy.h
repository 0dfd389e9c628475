#pragma once

#include "engine/policy/builtin_policies.h"
#include "policy.pb.h"

#include <QtGlobal>
#include <string>

namespace hetsched::test {

// A built-in policy by name; a test naming one that does not exist stops
// at once rather than running an empty policy.
inline v1::Policy builtinPolicy(const std::string& name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return p;
  qFatal("no built-in policy %s", name.c_str());
}

}  // namespace hetsched::test
