#include "meminfo.h"

#include "host_error.h"
#include "text_fields.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched {

std::variant<MemInfo, HostError> parseMeminfo(std::string_view text) {
  std::optional<std::uint64_t> total, available, freeKib, buffers, cached;
  int lineNo = 0;
  for (std::string_view line : splitLines(text)) {
    ++lineNo;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view key = line.substr(0, colon);
    std::optional<std::uint64_t>* slot = key == "MemTotal"       ? &total
                                         : key == "MemAvailable" ? &available
                                         : key == "MemFree"      ? &freeKib
                                         : key == "Buffers"      ? &buffers
                                         : key == "Cached"       ? &cached
                                                                 : nullptr;
    if (!slot) continue;
    const auto fields = splitFields(line.substr(colon + 1));
    if (fields.empty() || (fields.size() > 1 && fields[1] != "kB"))
      return HostError{"/proc/meminfo", lineNo, std::string(key) + ": expected '<number> kB'"};
    const auto v = parseUnsigned(fields[0]);
    if (!v || *v > (std::uint64_t{1} << 50))
      return HostError{"/proc/meminfo", lineNo, std::string(key) + ": not a size"};
    *slot = v;
  }
  if (!total || *total == 0) return HostError{"/proc/meminfo", 0, "no MemTotal"};
  if (!freeKib) return HostError{"/proc/meminfo", 0, "no MemFree"};
  MemInfo out;
  out.totalBytes = *total * 1024;
  out.freeBytes = *freeKib * 1024;
  const std::uint64_t availKib = available ? *available : *freeKib + buffers.value_or(0) + cached.value_or(0);
  out.availableBytes = std::min(availKib, *total) * 1024;
  return out;
}

}  // namespace hetsched
