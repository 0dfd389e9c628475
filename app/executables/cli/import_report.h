#pragma once

#include "data/trace/import_result.h"
#include "data/trace/import_summary.h"

#include <cstdio>
#include <string>

namespace hetsched::cli {

// Prints an import's problems (the first few) and how many rows it
// rejected, each line prefixed "hetsched COMMAND: ", and says whether the
// rest may be used (not when nothing is left; with --strict, not when any
// row was rejected).
template <class Row>
bool reportImport(const char* command, const trace::ImportResult<Row>& result, const std::string& file, bool strict) {
  const trace::ImportSummary summary = trace::summarizeImport(result, file, strict);
  for (const std::string& line : summary.lines) std::fprintf(stderr, "hetsched %s: %s\n", command, line.c_str());
  return summary.usable;
}

}  // namespace hetsched::cli
