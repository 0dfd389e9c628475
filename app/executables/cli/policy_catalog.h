#pragma once

#include "policy.pb.h"
#include "usecases/whatif/whatif_run.h"

#include <string>
#include <variant>

namespace hetsched::cli {

// A policy named on the command line: a JSON file, or the name of a
// built-in ("sjf"). Errors come back as one printable message.
std::variant<v1::Policy, std::string> resolvePolicy(const std::string& fileOrName);

// `--policy in-force` (whatif, sweep): the policy the workload's snapshot
// recorded (policyInForce), or why there is none, in the options' words.
std::variant<v1::Policy, std::string> resolveInForce(const WhatifWorkload& workload);

// One line per parameter that matters for the policy's kinds.
std::string describePolicy(const v1::Policy& policy);

}  // namespace hetsched::cli
