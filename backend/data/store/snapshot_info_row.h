#pragma once

#include "snapshot_data.h"
#include "sqlite_statement.h"

namespace hetsched {

// The snapshot table's columns that make a SnapshotInfo, in the order
// readSnapshotInfo() reads them: SELECT them first (from snapshot LEFT JOIN
// embedder ON snapshot_id = id; embedder layers are 0 when none is stored)
// and put any further columns after kSnapshotInfoColumnCount.
inline constexpr const char* kSnapshotInfoColumns =
    "id, name, taken_at_ms, cluster_name, device_count, node_count, job_count, frame_count, first_sim_ms, "
    "last_sim_ms, history_bytes, policy_name, policy_version, COALESCE(input_dim, 0), COALESCE(hidden_dim, 0), "
    "COALESCE(output_dim, 0)";
inline constexpr int kSnapshotInfoColumnCount = 16;

SnapshotInfo readSnapshotInfo(const SqliteStatement& q);

}  // namespace hetsched
