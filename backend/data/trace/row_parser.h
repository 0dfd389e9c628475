#pragma once

#include "csv_row.h"
#include "import_error.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace hetsched::trace {

// Reads typed values out of one CSV row and records every bad field as an
// ImportError (file:line: column: problem), so that one row can report all
// its problems at once instead of stopping at the first.
class RowParser {
 public:
  RowParser(std::string_view file, std::size_t line, const CsvRow& row, std::span<const std::string_view> columns,
            std::vector<ImportError>& errors);

  std::string_view text(std::size_t column) const { return m_row[column]; }
  // A required non-negative integer no larger than `max`.
  std::optional<std::uint64_t> unsignedAt(std::size_t column, std::uint64_t max);
  // An integer that may be left empty (the trace leaves times of pending pods empty).
  std::optional<std::int64_t> optionalIntegerAt(std::size_t column);
  // A required non-empty text.
  std::optional<std::string_view> requiredTextAt(std::size_t column);

  void fail(std::size_t column, ImportProblem problem, std::string_view text);
  bool failed() const { return m_failed; }

 private:
  std::string_view m_file;
  std::size_t m_line;
  const CsvRow& m_row;
  std::span<const std::string_view> m_columns;
  std::vector<ImportError>& m_errors;
  bool m_failed = false;
};

}  // namespace hetsched::trace
