#include "import_error.h"

#include <string>
#include <string_view>

namespace hetsched::trace {

std::string_view toString(ImportProblem problem) {
  switch (problem) {
    case ImportProblem::CannotOpen: return "cannot open file";
    case ImportProblem::EmptyFile: return "empty file, no header";
    case ImportProblem::HeaderMismatch: return "unexpected header";
    case ImportProblem::WrongFieldCount: return "wrong number of fields";
    case ImportProblem::EmptyRow: return "empty row";
    case ImportProblem::EmptyField: return "empty value";
    case ImportProblem::NotANumber: return "not a number";
    case ImportProblem::OutOfRange: return "out of range";
    case ImportProblem::UnknownQos: return "unknown QoS";
    case ImportProblem::Inconsistent: return "inconsistent with other columns";
    case ImportProblem::DuplicateName: return "duplicate name";
  }
  return "invalid";
}

std::string describe(const ImportError& error) {
  std::string out = error.file;
  // Line 0 means the file itself (it could not be opened).
  if (error.line > 0) {
    out += ':';
    out += std::to_string(error.line);
  }
  out += ": ";
  if (!error.column.empty()) {
    out += error.column;
    out += ": ";
  }
  out += toString(error.problem);
  if (error.problem == ImportProblem::CannotOpen && !error.text.empty()) {
    out += ": " + error.text;
  } else if (error.problem == ImportProblem::HeaderMismatch) {
    out += ", expected '" + error.text + "'";
  } else if (!error.text.empty() || error.problem == ImportProblem::NotANumber) {
    out += " '" + error.text + "'";
  }
  return out;
}

}  // namespace hetsched::trace
