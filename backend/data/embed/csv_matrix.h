#pragma once

#include "embed_types.h"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace hetsched::embed {

// Why a numeric CSV could not be read; line and column count from 1.
struct CsvError {
  enum class Kind : std::uint8_t { None, NotANumber, RaggedRow, Empty };
  Kind kind = Kind::None;
  std::size_t line = 0;
  std::size_t column = 0;
  std::string token;          // the offending cell (NotANumber)
  std::size_t expected = 0;   // columns of the first row (RaggedRow)
  std::size_t found = 0;      // columns of this row (RaggedRow)
};

struct CsvMatrix {
  PointMatrix values;
  CsvError error;
  bool ok() const { return error.kind == CsvError::Kind::None; }
};

// Rows of comma-separated numbers, no header; blank lines are skipped and
// cells may carry surrounding spaces. Non-finite values count as not a number.
CsvMatrix readCsvMatrix(std::istream& in);

// Two columns, full double precision.
void writeCsv(std::ostream& out, const Embedding2d& map);

}  // namespace hetsched::embed
