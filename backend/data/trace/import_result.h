#pragma once

#include "import_error.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hetsched::trace {

// The outcome of importing one file. Every data row is either in `rows` or
// counted in `rowsRejected` with at least one entry in `errors`, so
// rowsRead == rows.size() + rowsRejected always holds: nothing is dropped
// silently. `fatal` is set when the file as a whole is unusable (missing,
// empty, wrong header); then no row is read.
template <class Row>
struct ImportResult {
  std::vector<Row> rows;
  std::vector<ImportError> errors;
  std::size_t rowsRead = 0;
  std::size_t rowsRejected = 0;
  std::optional<ImportError> fatal;

  bool ok() const { return !fatal && errors.empty(); }
};

}  // namespace hetsched::trace
