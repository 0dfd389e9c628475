#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace hetsched {

// One prepared statement, finalised on destruction. Parameters are 1-based
// and columns 0-based, as in the C API.
class SqliteStatement {
 public:
  SqliteStatement(sqlite3* db, std::string_view sql);
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  ~SqliteStatement();

  int prepareResult() const { return m_prepareRc; }
  bool ok() const { return m_stmt != nullptr; }

  void bind(int index, std::int64_t value);
  void bind(int index, double value);
  void bindText(int index, std::string_view text);
  // The bytes must outlive step(): blobs are bound without a copy.
  void bindBlob(int index, std::span<const std::uint8_t> bytes);

  int step();   // SQLITE_ROW, SQLITE_DONE or an error code
  void reset(); // ready to bind and step again

  std::int64_t columnInt(int column) const;
  // An integer column as the type its field holds (SQLite keeps every
  // integer as 64 bits).
  template <typename T>
  T columnAs(int column) const {
    return static_cast<T>(columnInt(column));
  }
  double columnDouble(int column) const;
  std::string columnText(int column) const;
  std::span<const std::uint8_t> columnBlob(int column) const;  // valid until the next step

 private:
  sqlite3_stmt* m_stmt = nullptr;
  int m_prepareRc = 0;
};

}  // namespace hetsched
