#pragma once

#include <string>

namespace hetsched {

// A host file that could not be read or parsed: which file, which line
// (1-based, 0 = the whole file) and what is wrong with it.
struct HostError {
  std::string file;
  int line = 0;
  std::string problem;
  std::string message() const {
    return file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + problem;
  }
};

}  // namespace hetsched
