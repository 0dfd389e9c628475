#include "sqlite_db.h"

#include <sqlite3.h>

#include <utility>

namespace hetsched {

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
