#include "net_dev.h"

#include "host_error.h"
#include "text_fields.h"

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<std::vector<NetInterface>, HostError> parseNetDev(std::string_view text) {
  std::vector<NetInterface> out;
  int lineNo = 0;
  for (std::string_view line : splitLines(text)) {
    ++lineNo;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos || line.find('|') != std::string_view::npos) continue;
    const std::string_view name = trim(line.substr(0, colon));
    if (name.empty()) return HostError{"/proc/net/dev", lineNo, "interface without a name"};
    const auto fields = splitFields(line.substr(colon + 1));
    if (fields.size() < 16)
      return HostError{"/proc/net/dev", lineNo,
                       std::string(name) + ": expected 16 counters, found " + std::to_string(fields.size())};
    const auto rx = parseUnsigned(fields[0]);
    const auto tx = parseUnsigned(fields[8]);
    if (!rx || !tx) return HostError{"/proc/net/dev", lineNo, std::string(name) + ": byte counter is not a number"};
    out.push_back({std::string(name), *rx, *tx});
  }
  return out;
}

}  // namespace hetsched
