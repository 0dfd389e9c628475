#include "csv_matrix.h"

#include "embed_types.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace hetsched::embed {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool parseCell(std::string_view cell, float& out) {
  if (!cell.empty() && cell.front() == '+') cell.remove_prefix(1);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
  if (ec != std::errc() || end != cell.data() + cell.size() || !std::isfinite(value)) return false;
  out = static_cast<float>(value);
  return std::isfinite(out);
}

}  // namespace

CsvMatrix readCsvMatrix(std::istream& in) {
  CsvMatrix result;
  std::vector<float> cells;
  std::size_t columns = 0;
  std::size_t rows = 0;
  std::string line;
  for (std::size_t lineNumber = 1; std::getline(in, line); ++lineNumber) {
    const std::string_view text = trim(line);
    if (text.empty()) continue;
    std::size_t column = 0;
    std::size_t begin = 0;
    for (;;) {
      const std::size_t comma = text.find(',', begin);
      const std::string_view cell =
          trim(text.substr(begin, comma == std::string_view::npos ? std::string_view::npos : comma - begin));
      ++column;
      float value = 0.0f;
      if (!parseCell(cell, value)) {
        result.error = {CsvError::Kind::NotANumber, lineNumber, column, std::string(cell), 0, 0};
        return result;
      }
      cells.push_back(value);
      if (comma == std::string_view::npos) break;
      begin = comma + 1;
    }
    if (rows == 0) columns = column;
    if (column != columns) {
      result.error = {CsvError::Kind::RaggedRow, lineNumber, 0, {}, columns, column};
      return result;
    }
    ++rows;
  }
  if (rows == 0) {
    result.error.kind = CsvError::Kind::Empty;
    return result;
  }
  result.values =
      Eigen::Map<PointMatrix>(cells.data(), static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(columns));
  return result;
}

void writeCsv(std::ostream& out, const Embedding2d& map) {
  char buffer[64];
  for (Eigen::Index i = 0; i < map.rows(); ++i) {
    const int length = std::snprintf(buffer, sizeof buffer, "%.17g,%.17g\n", map(i, 0), map(i, 1));
    out.write(buffer, length);
  }
}

}  // namespace hetsched::embed
