#include "host_platform.h"

#include <cstdlib>

namespace hetsched {

std::optional<std::string> hostTreeUnsupported(const std::filesystem::path& root) {
  if (root != root.root_path()) return std::nullopt;  // a recorded tree: plain files, readable anywhere
  return "this machine is not Linux: the host source and node agents read Linux's /proc and /sys "
         "(use --source prometheus or kubernetes, or agents running on Linux nodes)";
}

// Used only with a recorded tree that lacks proc/sys/kernel/hostname.
std::string systemHostName() {
  for (const char* variable : {"COMPUTERNAME", "HOSTNAME"}) {
    if (const char* name = std::getenv(variable); name && *name) return name;
  }
  return "localhost";
}

}  // namespace hetsched
