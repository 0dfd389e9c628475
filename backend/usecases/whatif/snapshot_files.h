#pragma once

#include "fidelity.h"
#include "policy.pb.h"
#include "whatif_run.h"

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

// What the what-if reads from and writes into a snapshot file: the only
// what-if code that opens the SQLite store. Apart from whatif_run.h, whose
// value types views show, so that a view cannot name these (the library
// hetsched_whatif_core, which views link, has none of them; the forwarder
// refuses a view's include: docs/architecture.md).

namespace hetsched {

// A snapshot file's snapshot `id` (0: the newest) as a workload, from its
// cut or as a replay of the recorded past, or why it cannot be read (the
// store's message, naming the file).
std::variant<WhatifWorkload, std::string> loadSnapshotWorkload(const std::string& path, std::int64_t id,
                                                               bool fromCut = false, double horizonS = 3600.0);

// Only the policy a snapshot recorded (id 0: the newest snapshot), or why
// there is none the engine can run.
std::variant<v1::Policy, std::string> loadSnapshotPolicy(const std::string& path, std::int64_t id);

// How closely the engine reproduces a snapshot file's snapshot `id` (0: the
// newest), or why it cannot be validated (naming the file, or what the
// snapshot lacks).
std::variant<FidelityReport, std::string> validateSnapshot(const std::string& path, std::int64_t id);

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
