#pragma once

#include "host_error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

struct NetInterface {
  std::string name;
  std::uint64_t rxBytes = 0;
  std::uint64_t txBytes = 0;
};

// /proc/net/dev: two header lines, then "name: 8 receive columns 8 transmit
// columns". Names may run into the first number ("eth0:123"), so split on ':'.
std::variant<std::vector<NetInterface>, HostError> parseNetDev(std::string_view text);

}  // namespace hetsched
