#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace hetsched {

// Reads a whole file the user named (a trace, a policy, a cluster
// description, a kubeconfig). On failure returns why, naming the file and
// the system's reason: "trace.csv: No such file or directory",
// "traces/: is a directory, not a file".
std::optional<std::string> readFileText(const std::filesystem::path& path, std::string* text);

// "PATH: REASON" for a file that could not be opened; `error` is the errno
// the failed call left.
std::string fileError(const std::filesystem::path& path, int error);

}  // namespace hetsched
