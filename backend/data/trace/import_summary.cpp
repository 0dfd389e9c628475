#include "import_summary.h"

#include "import_error.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace hetsched::trace {

ImportSummary summarizeImport(const ImportError* fatal, std::span<const ImportError> errors, std::size_t rowsRead,
                              std::size_t rowsRejected, std::string_view file, bool strict, std::size_t shown) {
  ImportSummary s;
  const std::string name(file);
  if (fatal) {
    s.usable = false;
    s.lines.push_back(describe(*fatal));
    return s;
  }
  for (std::size_t i = 0; i < errors.size() && i < shown; ++i) s.lines.push_back(describe(errors[i]));
  if (errors.size() > shown)
    s.lines.push_back(name + ": ... and " + std::to_string(errors.size() - shown) + " more problems");
  if (rowsRejected > 0)
    s.lines.push_back(name + ": " + std::to_string(rowsRejected) + " of " + std::to_string(rowsRead) +
                      " rows rejected");
  if (rowsRead == rowsRejected) {
    s.usable = false;
    s.lines.push_back(name + (rowsRead == 0 ? ": no rows after the header" : ": no usable rows"));
  } else if (strict && rowsRejected > 0) {
    s.usable = false;
    s.lines.push_back(name + ": rejected rows are errors in strict mode");
  }
  return s;
}

}  // namespace hetsched::trace
