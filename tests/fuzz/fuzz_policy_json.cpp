// A policy file (hetsched whatif --policy, hetsched policy push, the
// console's editor): Protobuf's JSON mapping of hetsched.v1.Policy, then
// validation, and a policy that passes runs a small simulation, as what-if
// runs it. Anything validation lets through must run.
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_diff.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/simulation_options.h"
#include "usecases/whatif/whatif_run.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <variant>

#include <google/protobuf/stubs/logging.h>

using namespace hetsched;

// Protobuf logs every string field that is not UTF-8; the fuzzer makes
// millions of them.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const WhatifWorkload workload = syntheticWhatifWorkload(12, 40, 7, 0.9);
  auto parsed = parsePolicyJson(fuzz::text(data, size));
  auto* policy = std::get_if<v1::Policy>(&parsed);
  if (!policy) return 0;
  (void)policyToJson(*policy);
  (void)diffPolicies(builtinPolicies().front(), *policy);
  // EXTERNAL scorers that read files ("hybrid:PATH") are the file readers'
  // business, not this target's.
  if (policy->placement().external_scorer().starts_with("hybrid")) return 0;
  SimulationOptions options;
  options.seed = 3;
  (void)runWhatifPolicy(workload, *policy, options);
  return 0;
}
