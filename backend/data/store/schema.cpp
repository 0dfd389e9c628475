#include "schema.h"

#include "sqlite_db.h"
#include "store_error.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>

namespace hetsched {

namespace {

// v1: a snapshot is one row plus its topology as rows (small, worth
// querying), its jobs as compressed chunks of JobCodec::kChunkJobs and its
// history as one delta-coded columnar blob per frame (large, only ever read
// whole or in order).
constexpr const char* kV1 = R"sql(
CREATE TABLE snapshot(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  taken_at_ms INTEGER NOT NULL,
  cluster_name TEXT NOT NULL,
  source TEXT NOT NULL,
  topology_version INTEGER NOT NULL,
  agent_period_ms INTEGER NOT NULL,
  device_count INTEGER NOT NULL,
  node_count INTEGER NOT NULL,
  job_count INTEGER NOT NULL,
  frame_count INTEGER NOT NULL,
  first_sim_ms INTEGER NOT NULL,
  last_sim_ms INTEGER NOT NULL,
  keyframe_interval INTEGER NOT NULL,
  policy_name TEXT NOT NULL,
  policy_version INTEGER NOT NULL,
  policy_json TEXT NOT NULL);
CREATE TABLE device_model(
  snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind INTEGER NOT NULL,
  peak_tflops REAL NOT NULL,
  tdp_watts REAL NOT NULL,
  idle_watts REAL NOT NULL,
  memory_mib INTEGER NOT NULL,
  memory_bandwidth_gbps REAL NOT NULL,
  instruction_latency_ns REAL NOT NULL,
  cores INTEGER NOT NULL,
  PRIMARY KEY(snapshot_id, idx)) WITHOUT ROWID;
CREATE TABLE node(
  snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind INTEGER NOT NULL,
  first_device INTEGER NOT NULL,
  device_count INTEGER NOT NULL,
  cpu_milli INTEGER NOT NULL,
  memory_mib INTEGER NOT NULL,
  PRIMARY KEY(snapshot_id, idx)) WITHOUT ROWID;
CREATE TABLE device(
  snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  node INTEGER NOT NULL,
  slot INTEGER NOT NULL,
  model INTEGER NOT NULL,
  PRIMARY KEY(snapshot_id, idx)) WITHOUT ROWID;
CREATE TABLE job_chunk(
  snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
  chunk INTEGER NOT NULL,
  job_count INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY(snapshot_id, chunk));
CREATE TABLE frame(
  snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  sequence INTEGER NOT NULL,
  topology_version INTEGER NOT NULL,
  sim_time_ms INTEGER NOT NULL,
  wall_time_ms INTEGER NOT NULL,
  frames_skipped INTEGER NOT NULL,
  queue BLOB NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY(snapshot_id, idx));
CREATE INDEX frame_time ON frame(snapshot_id, sim_time_ms, idx);
)sql";

// v2: what-if runs get a home, and each snapshot records its history size
// so listing a file does not have to sum blobs.
constexpr const char* kV2 = R"sql(
ALTER TABLE snapshot ADD COLUMN history_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE snapshot SET history_bytes =
  (SELECT COALESCE(SUM(length(data)), 0) FROM frame WHERE frame.snapshot_id = snapshot.id);
CREATE TABLE whatif_run(
  id INTEGER PRIMARY KEY,
  snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
  created_at_ms INTEGER NOT NULL,
  policy_name TEXT NOT NULL,
  policy_version INTEGER NOT NULL,
  policy_json TEXT NOT NULL,
  results_json TEXT NOT NULL,
  results_blob BLOB NOT NULL);
CREATE INDEX whatif_run_snapshot ON whatif_run(snapshot_id);
)sql";

// v3: the job map's embedder per snapshot, so a replay maps jobs as the
// console did. The blob is data/embed/embedder_file's format (its own magic,
// version and checksum, feature statistics, then weights); the layer sizes
// are columns too so listing a file need not decode any blob.
constexpr const char* kV3 = R"sql(
CREATE TABLE embedder(
  snapshot_id INTEGER PRIMARY KEY REFERENCES snapshot(id) ON DELETE CASCADE,
  input_dim INTEGER NOT NULL,
  hidden_dim INTEGER NOT NULL,
  output_dim INTEGER NOT NULL,
  data BLOB NOT NULL);
)sql";

constexpr std::array kMigrations{kV1, kV2, kV3};
static_assert(kMigrations.size() == kSnapshotSchemaVersion);

}  // namespace

std::optional<StoreError> migrateSchema(SqliteDb& db, int fromVersion, int toVersion) {
  for (int v = fromVersion + 1; v <= toVersion; ++v) {
    if (const int rc = db.exec(kMigrations[static_cast<std::size_t>(v - 1)]); rc != 0)
      return db.error(rc, "upgrading the schema to version " + std::to_string(v));
  }
  const std::string set = "PRAGMA user_version = " + std::to_string(toVersion);
  if (const int rc = db.exec(set.c_str()); rc != 0) return db.error(rc, "setting the schema version");
  return std::nullopt;
}

}  // namespace hetsched
