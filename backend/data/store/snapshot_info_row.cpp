#include "snapshot_info_row.h"

namespace hetsched {

namespace {

template <typename T>
T as(std::int64_t v) {
  return static_cast<T>(v);
}

}  // namespace

SnapshotInfo readSnapshotInfo(const SqliteStatement& q) {
  SnapshotInfo i;
  i.id = q.columnInt(0);
  i.name = q.columnText(1);
  i.takenAtMs = q.columnInt(2);
  i.clusterName = q.columnText(3);
  i.deviceCount = as<std::size_t>(q.columnInt(4));
  i.nodeCount = as<std::size_t>(q.columnInt(5));
  i.jobCount = as<std::size_t>(q.columnInt(6));
  i.frameCount = as<std::size_t>(q.columnInt(7));
  i.firstSimTimeMs = q.columnInt(8);
  i.lastSimTimeMs = q.columnInt(9);
  i.historyBytes = as<std::uint64_t>(q.columnInt(10));
  i.policyName = q.columnText(11);
  i.policyVersion = as<std::uint64_t>(q.columnInt(12));
  i.embedder = {as<std::uint32_t>(q.columnInt(13)), as<std::uint32_t>(q.columnInt(14)),
                as<std::uint32_t>(q.columnInt(15))};
  return i;
}

}  // namespace hetsched
