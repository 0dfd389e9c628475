#include "sqlite_db.h"

#include "store_error.h"

#include <cstring>
#include <filesystem>
#include <sqlite3.h>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <utility>

namespace hetsched {

namespace {

// SQLite often cannot say why a write failed (its errno is gone by the
// time it reports): a full file system and a file size limit are the two
// causes an operator can act on, so look for them.
// SQLITE_FULL means a write came up short.
std::string writeFailureReason(const char* file, bool full) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    return "the file size limit (ulimit -f) of " + std::to_string(limit.rlim_cur) + " bytes was reached";
  if (full) return "no space left on the device";
  if (!file || !*file) return {};
  // The failed save's pages are released by now; nearly full still shows.
  const std::string folder = std::filesystem::path(file).parent_path().string();
  struct statvfs fs{};
  if (::statvfs(folder.empty() ? "." : folder.c_str(), &fs) == 0 && fs.f_bavail * fs.f_frsize < (16u << 20))
    return "the device is nearly full";
  return {};
}

}  // namespace

SqliteDb::SqliteDb(SqliteDb&& other) noexcept : m_db(std::exchange(other.m_db, nullptr)) {}

SqliteDb& SqliteDb::operator=(SqliteDb&& other) noexcept {
  if (this != &other) {
    if (m_db) sqlite3_close_v2(m_db);
    m_db = std::exchange(other.m_db, nullptr);
  }
  return *this;
}

SqliteDb::~SqliteDb() {
  if (m_db) sqlite3_close_v2(m_db);
}

int SqliteDb::exec(const char* sql) { return sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr); }

StoreError SqliteDb::error(int rc, std::string_view context) const {
  std::string message(context);
  message += ": ";
  message += m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
  // SQLite's "disk I/O error" or "unable to open database file" says
  // nothing of why; the system's errno does (no space, too large, denied).
  const int primary = rc & 0xff;
  const bool fromSystem = primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN || primary == SQLITE_FULL;
  const int os = m_db && fromSystem ? sqlite3_system_errno(m_db) : 0;
  std::string why = os != 0 ? std::strerror(os) : std::string();
  if (os == 0 && (primary == SQLITE_IOERR || primary == SQLITE_FULL) && m_db)
    why = writeFailureReason(sqlite3_db_filename(m_db, "main"), primary == SQLITE_FULL);
  if (!why.empty()) message += " (" + why + ")";
  return {storeCodeFor(rc), std::move(message)};
}

long long SqliteDb::pragmaInt(const char* pragma, int* rc) {
  sqlite3_stmt* stmt = nullptr;
  const std::string sql = std::string("PRAGMA ") + pragma;
  *rc = sqlite3_prepare_v2(m_db, sql.c_str(), -1, &stmt, nullptr);
  long long value = 0;
  if (*rc == SQLITE_OK) {
    *rc = sqlite3_step(stmt);
    if (*rc == SQLITE_ROW) {
      value = sqlite3_column_int64(stmt, 0);
      *rc = SQLITE_OK;
    }
  }
  sqlite3_finalize(stmt);
  return value;
}

StoreErrorCode storeCodeFor(int rc) {
  switch (rc & 0xff) {
    case SQLITE_CORRUPT: return StoreErrorCode::Corrupt;
    case SQLITE_NOTADB: return StoreErrorCode::NotSqlite;
    case SQLITE_READONLY: return StoreErrorCode::ReadOnly;
    default: return StoreErrorCode::Io;
  }
}

}  // namespace hetsched
