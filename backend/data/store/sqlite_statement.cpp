#include "sqlite_statement.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <sqlite3.h>
#include <string>
#include <string_view>

namespace hetsched {

SqliteStatement::SqliteStatement(sqlite3* db, std::string_view sql) {
  m_prepareRc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &m_stmt, nullptr);
  if (m_prepareRc != SQLITE_OK) {
    sqlite3_finalize(m_stmt);
    m_stmt = nullptr;
  }
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(m_stmt); }

void SqliteStatement::bind(int index, std::int64_t value) { sqlite3_bind_int64(m_stmt, index, value); }

void SqliteStatement::bind(int index, double value) { sqlite3_bind_double(m_stmt, index, value); }

void SqliteStatement::bindText(int index, std::string_view text) {
  sqlite3_bind_text(m_stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

void SqliteStatement::bindBlob(int index, std::span<const std::uint8_t> bytes) {
  // A zero-length blob must still be a blob, not NULL.
  static const std::uint8_t empty = 0;
  sqlite3_bind_blob(m_stmt, index, bytes.empty() ? &empty : bytes.data(), static_cast<int>(bytes.size()),
                    SQLITE_STATIC);
}

int SqliteStatement::step() { return sqlite3_step(m_stmt); }

void SqliteStatement::reset() {
  sqlite3_reset(m_stmt);
  sqlite3_clear_bindings(m_stmt);
}

std::int64_t SqliteStatement::columnInt(int column) const { return sqlite3_column_int64(m_stmt, column); }

double SqliteStatement::columnDouble(int column) const { return sqlite3_column_double(m_stmt, column); }

std::string SqliteStatement::columnText(int column) const {
  const auto* text = sqlite3_column_text(m_stmt, column);
  return text ? std::string(reinterpret_cast<const char*>(text),
                            static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)))
              : std::string();
}

std::span<const std::uint8_t> SqliteStatement::columnBlob(int column) const {
  const auto* data = static_cast<const std::uint8_t*>(sqlite3_column_blob(m_stmt, column));
  return {data, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column))};
}

}  // namespace hetsched
