#include "snapshot_info_row.h"

#include "snapshot_data.h"
#include "sqlite_statement.h"

#include <cstddef>
#include <cstdint>

namespace hetsched {

SnapshotInfo readSnapshotInfo(const SqliteStatement& q) {
  SnapshotInfo i;
  i.id = q.columnInt(0);
  i.name = q.columnText(1);
  i.takenAtMs = q.columnInt(2);
  i.clusterName = q.columnText(3);
  i.deviceCount = q.columnAs<std::size_t>(4);
  i.nodeCount = q.columnAs<std::size_t>(5);
  i.jobCount = q.columnAs<std::size_t>(6);
  i.frameCount = q.columnAs<std::size_t>(7);
  i.firstSimTimeMs = q.columnInt(8);
  i.lastSimTimeMs = q.columnInt(9);
  i.historyBytes = q.columnAs<std::uint64_t>(10);
  i.policyName = q.columnText(11);
  i.policyVersion = q.columnAs<std::uint64_t>(12);
  i.embedder = {q.columnAs<std::uint32_t>(13), q.columnAs<std::uint32_t>(14), q.columnAs<std::uint32_t>(15)};
  return i;
}

}  // namespace hetsched
