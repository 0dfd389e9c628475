#pragma once

#include "import_error.h"
#include "import_result.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched::trace {

// What a command tells its user about an import: the first problems, how
// many rows were rejected, and whether what is left may be used. It may
// not when the file itself is unusable, when no row is left, or (strict)
// when any row was rejected.
struct ImportSummary {
  bool usable = true;
  std::vector<std::string> lines;
};

ImportSummary summarizeImport(const ImportError* fatal, std::span<const ImportError> errors, std::size_t rowsRead,
                              std::size_t rowsRejected, std::string_view file, bool strict, std::size_t shown = 5);

template <class Row>
ImportSummary summarizeImport(const ImportResult<Row>& r, std::string_view file, bool strict) {
  return summarizeImport(r.fatal ? &*r.fatal : nullptr, r.errors, r.rowsRead, r.rowsRejected, file, strict);
}

}  // namespace hetsched::trace
