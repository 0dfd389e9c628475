#pragma once

#include "policy.pb.h"
#include "whatif_run.h"

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// Records a comparison made on a snapshot in that snapshot's file: one
// what-if run per policy (the policy's JSON and its summary numbers, keyed
// as whatifMetrics()), so the file keeps what was tried on that moment.
// `policies[i]` produced `results.runs[i]`. Returns the new run ids, or why
// the file could not take them (nothing is then half written: one run per
// transaction, and a failure stops before the next).
std::variant<std::vector<std::int64_t>, std::string> recordWhatifRuns(const std::string& path, std::int64_t snapshotId,
                                                                      std::span<const v1::Policy> policies,
                                                                      const WhatifResults& results, std::int64_t nowMs);

}  // namespace hetsched
