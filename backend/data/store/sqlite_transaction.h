#pragma once

#include "sqlite_db.h"

namespace hetsched {

// BEGIN IMMEDIATE on construction, ROLLBACK unless commit() succeeded: an
// error anywhere in a save leaves the file as it was.
class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteDb& db) : m_db(db) { m_beginRc = m_db.exec("BEGIN IMMEDIATE"); }
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;
  ~SqliteTransaction() {
    if (m_beginRc == 0 && !m_committed) m_db.exec("ROLLBACK");
  }

  int beginResult() const { return m_beginRc; }
  int commit() {
    const int rc = m_db.exec("COMMIT");
    m_committed = rc == 0;
    return rc;
  }

 private:
  SqliteDb& m_db;
  int m_beginRc = 0;
  bool m_committed = false;
};

}  // namespace hetsched
