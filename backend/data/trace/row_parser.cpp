#include "row_parser.h"

#include "csv_row.h"
#include "import_error.h"

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace hetsched::trace {

RowParser::RowParser(std::string_view file, std::size_t line, const CsvRow& row,
                     std::span<const std::string_view> columns, std::vector<ImportError>& errors)
    : m_file(file), m_line(line), m_row(row), m_columns(columns), m_errors(errors) {}

void RowParser::fail(std::size_t column, ImportProblem problem, std::string_view text) {
  m_failed = true;
  m_errors.push_back(
      ImportError{std::string(m_file), m_line, std::string(m_columns[column]), problem, std::string(text)});
}

std::optional<std::uint64_t> RowParser::unsignedAt(std::size_t column, std::uint64_t max) {
  const std::string_view s = m_row[column];
  if (s.empty()) {
    fail(column, ImportProblem::EmptyField, s);
    return std::nullopt;
  }
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range) {
    fail(column, ImportProblem::OutOfRange, s);
    return std::nullopt;
  }
  if (ec != std::errc{} || end != s.data() + s.size()) {
    // "-5" lands here as well: a negative amount of a resource is not a number we accept.
    fail(column, s.starts_with('-') ? ImportProblem::OutOfRange : ImportProblem::NotANumber, s);
    return std::nullopt;
  }
  if (value > max) {
    fail(column, ImportProblem::OutOfRange, s);
    return std::nullopt;
  }
  return value;
}

std::optional<std::int64_t> RowParser::optionalIntegerAt(std::size_t column) {
  const std::string_view s = m_row[column];
  if (s.empty()) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc{} || end != s.data() + s.size()) {
    fail(column, ec == std::errc::result_out_of_range ? ImportProblem::OutOfRange : ImportProblem::NotANumber, s);
    return std::nullopt;
  }
  return value;
}

std::optional<std::string_view> RowParser::requiredTextAt(std::size_t column) {
  const std::string_view s = m_row[column];
  if (s.empty()) {
    fail(column, ImportProblem::EmptyField, s);
    return std::nullopt;
  }
  return s;
}

}  // namespace hetsched::trace
