#include "snapshot_store.h"

#include "base/model/frame.h"
#include "file_probe.h"
#include "pending_file.h"
#include "schema.h"
#include "snapshot_data.h"
#include "snapshot_info_row.h"
#include "sqlite_db.h"
#include "sqlite_statement.h"
#include "sqlite_transaction.h"
#include "store_error.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <sqlite3.h>
#include <string>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

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
                      path + ": an SQLite database, but not a HetSched snapshot file (application_id " + hex(appId) +
                          ", expected " + hex(kSnapshotApplicationId) + ")"};
  *version = static_cast<int>(db.pragmaInt("user_version", &rc));
  if (rc != SQLITE_OK) return db.error(rc, path);
  if (*version > kSnapshotSchemaVersion)
    return StoreError{StoreErrorCode::NewerSchema, path + ": written by a newer HetSched (schema version " +
                                                       std::to_string(*version) + ", this build reads up to " +
                                                       std::to_string(kSnapshotSchemaVersion) + ")"};
  SqliteStatement check(db.get(), "PRAGMA quick_check(1)");
  if (!check.ok()) return db.error(check.prepareResult(), path + ": integrity check");
  rc = check.step();
  if (rc != SQLITE_ROW) return db.error(rc, path + ": integrity check");
  if (const std::string result = check.columnText(0); result != "ok")
    return StoreError{StoreErrorCode::Corrupt, path + ": corrupt (SQLite quick_check: " + result + ")"};
  return std::nullopt;
}

// A writer killed mid-save leaves its -wal and -shm (or a hot -journal, from
// a build that wrote without WAL). SQLite's own recovery puts the file back
// as it was at its last commit and settling removes them, but only a
// connection that may write can do either; one that may not reads around.
void recoverInterruptedWrite(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path + "-wal", ec) && !fs::exists(path + "-shm", ec) && !fs::exists(path + "-journal", ec)) return;
  if (::access(path.c_str(), W_OK) != 0) return;
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
  SqliteDb db(raw);
  if (rc != SQLITE_OK) return;
  // A live writer keeps its log or journal: then this gives up (busy).
  sqlite3_busy_timeout(raw, 100);
  db.exec("PRAGMA journal_mode = DELETE");
  // Holding the write lock, after SQLite rolled back any hot journal: a
  // journal still there is stale (a writer killed before its header was
  // written), and harmless, but litter.
  if (db.exec("BEGIN IMMEDIATE") == SQLITE_OK) {
    std::filesystem::remove(path + "-journal", ec);
    db.exec("ROLLBACK");
  }
}

// An SQLite URI for a file name: "file://" and the path percent-encoded
// where a URI would read it otherwise.
std::string fileUri(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = path.starts_with('/') ? "file://" : "file:";
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '%' || c == '?' || c == '#' || c <= 0x20 || c >= 0x7f) {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace

SnapshotStore::SnapshotStore(SqliteDb db, std::string path, bool readOnly, int openedVersion)
    : m_db(std::move(db)), m_path(std::move(path)), m_readOnly(readOnly), m_openedVersion(openedVersion) {}

SnapshotStore::SnapshotStore(SnapshotStore&& other) noexcept
    : m_db(std::move(other.m_db)),
      m_path(std::move(other.m_path)),
      m_readOnly(other.m_readOnly),
      m_openedVersion(other.m_openedVersion),
      m_reader(std::move(other.m_reader)),
      m_pending(std::exchange(other.m_pending, std::nullopt)) {}

SnapshotStore& SnapshotStore::operator=(SnapshotStore&& other) noexcept {
  if (this != &other) {
    settle();
    m_db = std::move(other.m_db);
    m_path = std::move(other.m_path);
    m_readOnly = other.m_readOnly;
    m_openedVersion = other.m_openedVersion;
    m_reader = std::move(other.m_reader);
    m_pending = std::exchange(other.m_pending, std::nullopt);
  }
  return *this;
}

SnapshotStore::~SnapshotStore() { settle(); }

void SnapshotStore::settle() {
  if (!m_db.get() || m_readOnly || m_pending) return;
  // Only possible when no other connection has the file open; otherwise
  // the file stays in WAL mode and the last writer to close settles it.
  sqlite3_busy_timeout(m_db.get(), 0);
  m_db.exec("PRAGMA journal_mode = DELETE");
}

std::variant<SnapshotStore, StoreError> SnapshotStore::open(const std::string& path, OpenMode mode) {
  FileState state = FileState::Missing;
  if (auto error = probeSnapshotFile(path, &state)) return *error;
  const bool fresh = state != FileState::Database;
  if (fresh && mode != OpenMode::Create) {
    if (state == FileState::Missing) return StoreError{StoreErrorCode::NotFound, path + ": no such file"};
    return StoreError{StoreErrorCode::NotSqlite, path + ": empty file, not a snapshot store"};
  }
  if (mode == OpenMode::ReadOnly) return openReadOnly(path);
  // SQLite would quietly open an unwritable file read-only and fail at the
  // first write; say so up front, with the system's reason.
  if (!fresh && ::access(path.c_str(), W_OK) != 0)
    return StoreError{StoreErrorCode::ReadOnly, path + ": cannot write: " + std::strerror(errno)};

  std::optional<PendingFile> pending;
  if (fresh) {
    auto made = PendingFile::create(path, state == FileState::Empty);
    if (auto* e = std::get_if<StoreError>(&made)) return *e;
    pending.emplace(std::get<PendingFile>(std::move(made)));
  }
  const std::string& file = pending ? pending->path() : path;
  sqlite3* raw = nullptr;
  const int openRc = sqlite3_open_v2(file.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
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
  // NORMAL in WAL mode: a killed process loses nothing committed; only an
  // OS crash or power cut may lose the last save, never corrupt the file.
  // WAL before any migration, so that a killed upgrade leaves a log that
  // the next open discards rather than a hot journal.
  if (const int rc = db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON");
      rc != SQLITE_OK)
    return db.error(rc, path + ": setting up the journal");
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
  SnapshotStore store(std::move(db), path, false, version);
  store.m_pending = std::move(pending);
  return store;
}

std::variant<SnapshotStore, StoreError> SnapshotStore::openReadOnly(const std::string& path) {
  recoverInterruptedWrite(path);
  FileState state = FileState::Missing;
  bool walMode = false;
  if (auto error = probeSnapshotFile(path, &state, &walMode)) return *error;
  if (state == FileState::Missing) return StoreError{StoreErrorCode::NotFound, path + ": no such file"};
  if (state == FileState::Empty)
    return StoreError{StoreErrorCode::NotSqlite, path + ": empty file, not a snapshot store"};
  // mode=ro takes shared locks and writes nothing. A file still in WAL mode
  // with no log beside it (left so by an older HetSched, or by a writer that
  // was not the last to close) has nothing in a log, but SQLite would create
  // -wal and -shm to read it: such a file is read as immutable.
  const bool immutable = walMode && !std::filesystem::exists(path + "-wal");
  const std::string uri = fileUri(path) + (immutable ? "?immutable=1" : "?mode=ro");
  sqlite3* raw = nullptr;
  const int openRc =
      sqlite3_open_v2(uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
  SqliteDb db(raw);
  if (openRc != SQLITE_OK) return db.error(openRc, path);
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, 5000);
  int version = 0;
  if (auto error = checkExisting(db, path, &version)) return *error;
  if (version < kSnapshotSchemaVersion)
    return StoreError{StoreErrorCode::NeedsUpgrade,
                      path + ": schema version " + std::to_string(version) + " is older than this build's " +
                          std::to_string(kSnapshotSchemaVersion) + "; open it read-write once to upgrade it"};
  return SnapshotStore(std::move(db), path, true, version);
}

std::optional<StoreError> SnapshotStore::publish() {
  if (!m_pending) return std::nullopt;  // the file is in place already
  if (const int rc = m_db.exec("PRAGMA journal_mode = DELETE"); rc != SQLITE_OK)
    return m_db.error(rc, m_path + ": finishing the new file");
  if (auto error = m_pending->publish()) return error;
  m_pending.reset();
  // A new connection at the final name; the old one (same file, old name)
  // closes when replaced.
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(m_path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
  SqliteDb db(raw);
  if (rc == SQLITE_OK) {
    sqlite3_extended_result_codes(raw, 1);
    sqlite3_busy_timeout(raw, 5000);
  }
  if (rc != SQLITE_OK ||
      db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON") != SQLITE_OK) {
    // The snapshot is saved and in place; only this store cannot write on.
    m_readOnly = true;
    return std::nullopt;
  }
  m_reader.forget();
  m_db = std::move(db);
  return std::nullopt;
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

std::variant<std::size_t, StoreError> SnapshotStore::frameCount(SnapshotId id) { return m_reader.frameCount(m_db, id); }

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
  return q.columnAs<std::size_t>(0);
}

std::optional<StoreError> SnapshotStore::frameAt(SnapshotId id, std::int64_t simTimeMs, Frame* out) {
  auto index = indexAt(id, simTimeMs);
  if (auto* error = std::get_if<StoreError>(&index)) return *error;
  return frameIndex(id, std::get<std::size_t>(index), out);
}

}  // namespace hetsched
