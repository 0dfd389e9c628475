#include "data/store/snapshot_data.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"
#include "snapshot_files.h"
#include "snapshot_reader.h"
#include "whatif_run.h"

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

std::variant<WhatifWorkload, std::string> loadSnapshotWorkload(const std::string& path, std::int64_t id, bool fromCut,
                                                               double horizonS) {
  auto opened = openSnapshot(path, id);
  if (auto* e = std::get_if<std::string>(&opened)) return std::move(*e);
  const OpenedSnapshot& s = std::get<OpenedSnapshot>(opened);
  const SnapshotMeta& m = s.meta;
  WhatifWorkload w =
      fromCut ? snapshotFromCutWorkload(m.topology, m.jobs, horizonS) : snapshotWhatifWorkload(m.topology, m.jobs);
  w.description = path + " #" + std::to_string(s.id) + ", " + w.description;
  w.snapshotId = s.id;
  w.facts.path = path;
  w.facts.snapshotId = s.id;
  if (!m.policy.json.empty()) {
    auto parsed = parsePolicyJson(m.policy.json);
    if (auto* p = std::get_if<v1::Policy>(&parsed)) {
      w.policyInForce = std::move(*p);
    } else {
      const PolicyLoadError& e = std::get<PolicyLoadError>(parsed);
      w.policyInForceProblem =
          "the snapshot's policy " + m.policy.name + " v" + std::to_string(m.policy.version) +
          " is not one the engine runs: " + (e.fields.empty() ? e.detail : e.fields.front().message());
    }
  }
  return w;
}

std::variant<v1::Policy, std::string> loadSnapshotPolicy(const std::string& path, std::int64_t id) {
  auto loaded = loadSnapshotWorkload(path, id);
  if (auto* e = std::get_if<std::string>(&loaded)) return *e;
  return policyInForce(std::get<WhatifWorkload>(loaded));
}

}  // namespace hetsched
