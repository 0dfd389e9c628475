#include "host_platform.h"

#include <filesystem>
#include <optional>
#include <string>
#include <unistd.h>

namespace hetsched {

std::optional<std::string> hostTreeUnsupported(const std::filesystem::path&) { return std::nullopt; }

std::string systemHostName() {
  char buffer[256] = {};
  if (gethostname(buffer, sizeof buffer - 1) == 0 && buffer[0]) return buffer;
  return "localhost";
}

}  // namespace hetsched
