#include "snapshot_store.h"

#include "file_probe.h"
#include "schema.h"
#include "snapshot_info_row.h"
#include "sqlite_statement.h"
#include "sqlite_transaction.h"

#include <sqlite3.h>

#include <cstdio>

namespace hetsched {

namespace {

std::string hex(long long v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08llx", v & 0xffffffffLL);
  return buf;
}

// Everything that only reads: SQLite's view of the header, our id, the
// schema version and the structure of every b-tree. Nothing is written.
std::optional<StoreError> checkExisting(SqliteDb& db, const std::string& path, int* version) {
  int rc = 0;
  const long long appId = db.pragmaInt("application_id", &rc);
  if (rc != SQLITE_OK) return db.error(rc, path);
  if (appId != kSnapshotApplicationId)
    return StoreError{StoreErrorCode::ForeignDatabase,
                      path + ": an SQLite database, but not a HetSched snapshot file (application_id " +
                          hex(appId) + ", expected " + hex(kSnapshotApplicationId) + ")"};
  *version = static_cast<int>(db.pragmaInt("user_version", &rc));
  if (rc != SQLITE_OK) return db.error(rc, path);
  if (*version > kSnapshotSchemaVersion)
    return StoreError{StoreErrorCode::NewerSchema,
                      path + ": written by a newer HetSched (schema version " + std::to_string(*version) +
                          ", this build reads up to " + std::to_string(kSnapshotSchemaVersion) + ")"};
  SqliteStatement check(db.get(), "PRAGMA quick_check(1)");
  if (!check.ok()) return db.error(check.prepareResult(), path + ": integrity check");
  rc = check.step();
  if (rc != SQLITE_ROW) return db.error(rc, path + ": integrity check");
  if (const std::string result = check.columnText(0); result != "ok")
    return StoreError{StoreErrorCode::Corrupt, path + ": corrupt (SQLite quick_check: " + result + ")"};
  return std::nullopt;
}

}  // namespace

SnapshotStore::SnapshotStore(SqliteDb db, std::string path, bool readOnly, int openedVersion)
    : m_db(std::move(db)), m_path(std::move(path)), m_readOnly(readOnly), m_openedVersion(openedVersion) {}

std::variant<SnapshotStore, StoreError> SnapshotStore::open(const std::string& path, OpenMode mode) {
  FileState state = FileState::Missing;
  if (auto error = probeSnapshotFile(path, &state)) return *error;
  const bool fresh = state != FileState::Database;
  if (fresh && mode != OpenMode::Create) {
    if (state == FileState::Missing) return StoreError{StoreErrorCode::NotFound, path + ": no such file"};
    return StoreError{StoreErrorCode::NotSqlite, path + ": empty file, not a snapshot store"};
  }

  const bool readOnly = mode == OpenMode::ReadOnly;
  const int flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (fresh ? SQLITE_OPEN_CREATE : 0);
  sqlite3* raw = nullptr;
  const int openRc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  SqliteDb db(raw);
  if (openRc != SQLITE_OK) return db.error(openRc, path);
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, 5000);

  int version = 0;
  if (!fresh) {
    if (auto error = checkExisting(db, path, &version)) return *error;
  } else if (const int rc = db.exec("PRAGMA page_size = 65536"); rc != SQLITE_OK) {
    // Large pages keep a frame's history blob (tens of KB at 10,000
    // devices) on one page instead of an overflow chain.
    return db.error(rc, path);
  }
  if (readOnly && version < kSnapshotSchemaVersion)
    return StoreError{StoreErrorCode::NeedsUpgrade,
                      path + ": schema version " + std::to_string(version) + " is older than this build's " +
                          std::to_string(kSnapshotSchemaVersion) + "; open it read-write once to upgrade it"};

  if (!readOnly) {
    if (version < kSnapshotSchemaVersion) {
      // Migration and the application id commit together: a file is either
      // ours and complete at some version, or untouched.
      SqliteTransaction tx(db);
      if (tx.beginResult() != SQLITE_OK) return db.error(tx.beginResult(), path + ": starting the upgrade");
      if (fresh) {
        const std::string setId = "PRAGMA application_id = " + std::to_string(kSnapshotApplicationId);
        if (const int rc = db.exec(setId.c_str()); rc != SQLITE_OK) return db.error(rc, path);
      }
      if (auto error = migrateSchema(db, version)) return StoreError{error->code, path + ": " + error->message};
      if (const int rc = tx.commit(); rc != SQLITE_OK) return db.error(rc, path + ": committing the upgrade");
    }
    // NORMAL in WAL mode: a killed process loses nothing committed; only an
    // OS crash or power cut may lose the last save, never corrupt the file.
    const int rc = db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON");
    if (rc != SQLITE_OK) return db.error(rc, path + ": setting up the journal");
  }
  return SnapshotStore(std::move(db), path, readOnly, version);
}

std::optional<StoreError> SnapshotStore::writable() const {
  if (m_readOnly) return StoreError{StoreErrorCode::ReadOnly, m_path + ": opened read-only"};
  return std::nullopt;
}

std::optional<StoreError> SnapshotStore::remove(SnapshotId id) {
  if (auto error = writable()) return error;
  m_reader.forget();
  SqliteStatement del(m_db.get(), "DELETE FROM snapshot WHERE id = ?");
  if (!del.ok()) return m_db.error(del.prepareResult(), "removing a snapshot");
  del.bind(1, id);
  if (const int rc = del.step(); rc != SQLITE_DONE) return m_db.error(rc, "removing snapshot " + std::to_string(id));
  if (sqlite3_changes(m_db.get()) == 0)
    return StoreError{StoreErrorCode::NoSuchSnapshot, "no snapshot with id " + std::to_string(id)};
  return std::nullopt;
}

std::variant<std::vector<SnapshotInfo>, StoreError> SnapshotStore::list() {
  SqliteStatement q(m_db.get(), std::string("SELECT ") + kSnapshotInfoColumns +
                                    " FROM snapshot LEFT JOIN embedder ON snapshot_id = id ORDER BY id");
  if (!q.ok()) return m_db.error(q.prepareResult(), "listing snapshots");
  std::vector<SnapshotInfo> out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(readSnapshotInfo(q));
  if (rc != SQLITE_DONE) return m_db.error(rc, "listing snapshots");
  return out;
}

std::variant<std::size_t, StoreError> SnapshotStore::frameCount(SnapshotId id) {
  return m_reader.frameCount(m_db, id);
}

std::optional<StoreError> SnapshotStore::frameIndex(SnapshotId id, std::size_t index, Frame* out) {
  return m_reader.read(m_db, id, index, out);
}

std::variant<std::size_t, StoreError> SnapshotStore::indexAt(SnapshotId id, std::int64_t simTimeMs) {
  auto count = m_reader.frameCount(m_db, id);
  if (auto* error = std::get_if<StoreError>(&count)) return *error;
  if (std::get<std::size_t>(count) == 0)
    return StoreError{StoreErrorCode::OutOfRange, "snapshot " + std::to_string(id) + " has no history"};
  SqliteStatement q(m_db.get(),
                    "SELECT idx FROM frame WHERE snapshot_id = ? AND sim_time_ms <= ? "
                    "ORDER BY sim_time_ms DESC, idx DESC LIMIT 1");
  if (!q.ok()) return m_db.error(q.prepareResult(), "seeking the history");
  q.bind(1, id);
  q.bind(2, simTimeMs);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::size_t{0};
  if (rc != SQLITE_ROW) return m_db.error(rc, "seeking the history of snapshot " + std::to_string(id));
  return static_cast<std::size_t>(q.columnInt(0));
}

std::optional<StoreError> SnapshotStore::frameAt(SnapshotId id, std::int64_t simTimeMs, Frame* out) {
  auto index = indexAt(id, simTimeMs);
  if (auto* error = std::get_if<StoreError>(&index)) return *error;
  return frameIndex(id, std::get<std::size_t>(index), out);
}

}  // namespace hetsched
