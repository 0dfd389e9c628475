#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"
#include "snapshot_files.h"
#include "whatif_metrics.h"
#include "whatif_run.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<std::vector<std::int64_t>, std::string> recordWhatifRuns(const std::string& path, std::int64_t snapshotId,
                                                                      std::span<const v1::Policy> policies,
                                                                      const WhatifResults& results,
                                                                      std::int64_t nowMs) {
  if (policies.size() != results.runs.size()) return std::string("policies and results do not match");
  auto opened = SnapshotStore::open(path, OpenMode::ReadWrite);
  if (auto* e = std::get_if<StoreError>(&opened)) return e->message;
  SnapshotStore& store = std::get<SnapshotStore>(opened);
  std::vector<std::int64_t> ids;
  for (std::size_t i = 0; i < policies.size(); ++i) {
    const WhatifOutcome& run = results.runs[i];
    WhatIfRun record;
    record.snapshot = snapshotId;
    record.createdAtMs = nowMs;
    record.policy = {policies[i].name(), policies[i].version(), policyToJson(policies[i])};
    nlohmann::ordered_json body;
    body["workload"] = results.workload;
    body["baseline"] = policies.front().name();
    body["wall_s"] = run.wallS;
    body["summary"] = nlohmann::ordered_json::parse(whatifSummaryJson(run.result.summary));
    record.resultsJson = body.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    auto added = store.addWhatIfRun(record);
    if (auto* e = std::get_if<StoreError>(&added)) return e->message;
    ids.push_back(std::get<WhatIfRunId>(added));
  }
  return ids;
}

}  // namespace hetsched
