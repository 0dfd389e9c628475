#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace hetsched {

// What the host source needs from the operating system, one file per kind
// of system. On Linux (host_platform_linux.cpp) the live /proc and /sys are
// read. Elsewhere (host_platform_other.cpp) only a recorded tree under
// --proc-root can be, and the live machine is refused with the reason, so
// hetschedd still builds and serves its other sources there.

// Null when the /proc and /sys tree under `root` can be read here; else why not.
std::optional<std::string> hostTreeUnsupported(const std::filesystem::path& root);

// This machine's name as the operating system has it.
std::string systemHostName();

}  // namespace hetsched
