#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace hetsched::trace {

// What is wrong with a row (or with the whole file, for the first three).
enum class ImportProblem : std::uint8_t {
  CannotOpen,
  EmptyFile,
  HeaderMismatch,
  WrongFieldCount,
  EmptyRow,
  EmptyField,
  NotANumber,
  OutOfRange,
  UnknownQos,
  Inconsistent,
  DuplicateName,
};

// One problem, located as file:line: column. `text` is the offending input
// (or, for a header mismatch, the header that was expected).
struct ImportError {
  std::string file;
  std::size_t line = 0;
  std::string column;
  ImportProblem problem = ImportProblem::NotANumber;
  std::string text;

  bool operator==(const ImportError&) const = default;
};

std::string_view toString(ImportProblem problem);
// "openb_pod_list_default.csv:17: gpu_milli: not a number 'abc'"
std::string describe(const ImportError& error);

}  // namespace hetsched::trace
