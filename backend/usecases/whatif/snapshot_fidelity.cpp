#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "data/store/store_error.h"
#include "engine/policy/policy_loader.h"
#include "fidelity.h"
#include "policy.pb.h"
#include "snapshot_files.h"
#include "snapshot_reader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<FidelityReport, std::string> validateSnapshot(const std::string& path, std::int64_t id) {
  auto opened = openSnapshot(path, id);
  if (auto* e = std::get_if<std::string>(&opened)) return std::move(*e);
  OpenedSnapshot& s = std::get<OpenedSnapshot>(opened);
  const SnapshotMeta& m = s.meta;
  const std::string where = path + " #" + std::to_string(s.id);
  if (m.policy.json.empty()) return where + ": records no policy in force to replay";
  auto policy = parsePolicyJson(m.policy.json);
  if (auto* e = std::get_if<PolicyLoadError>(&policy))
    return where + ": the policy in force " + m.policy.name +
           " is not one the engine runs: " + (e->fields.empty() ? e->detail : e->fields.front().message());
  auto count = s.store.frameCount(s.id);
  if (auto* e = std::get_if<StoreError>(&count)) return namedStoreError(path, *e);
  std::vector<Frame> history(std::get<std::size_t>(count));
  for (std::size_t i = 0; i < history.size(); ++i)
    if (auto e = s.store.frameIndex(s.id, i, &history[i])) return namedStoreError(path, *e);
  auto report = validateRecorded(m.topology, m.jobs, history, std::get<v1::Policy>(policy));
  if (auto* e = std::get_if<std::string>(&report)) return where + ": " + *e;
  std::get<FidelityReport>(report).snapshotId = s.id;
  return report;
}

}  // namespace hetsched
