#pragma once

#include "store_error.h"

#include <string_view>

struct sqlite3;

namespace hetsched {

// Owns one sqlite3 connection; closing it is the destructor's job so that
// every early return in the store releases the file.
class SqliteDb {
 public:
  SqliteDb() = default;
  explicit SqliteDb(sqlite3* db) : m_db(db) {}
  SqliteDb(SqliteDb&& other) noexcept;
  SqliteDb& operator=(SqliteDb&& other) noexcept;
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;
  ~SqliteDb();

  sqlite3* get() const { return m_db; }
  // Runs one or more statements without results; returns the SQLite code.
  int exec(const char* sql);
  // An error value for `rc`, its message prefixed with what we were doing.
  StoreError error(int rc, std::string_view context) const;
  // A pragma whose value is a single integer (user_version, application_id).
  long long pragmaInt(const char* pragma, int* rc);

 private:
  sqlite3* m_db = nullptr;
};

// Maps SQLite result codes onto ours: corruption and "not a database" are
// the file's fault, the rest are I/O.
StoreErrorCode storeCodeFor(int rc);

}  // namespace hetsched
