#include "listen_address.h"

#include <string_view>

namespace hetsched {

bool isLoopbackListen(std::string_view address) {
  if (address.starts_with("unix:") || address.starts_with("unix-abstract:")) return true;
  for (std::string_view scheme : {"ipv4:", "ipv6:", "dns:///", "dns:"})
    if (address.starts_with(scheme)) {
      address.remove_prefix(scheme.size());
      break;
    }
  std::string_view host = address;
  if (host.starts_with('[')) {
    const auto close = host.find(']');
    if (close == std::string_view::npos) return false;
    host = host.substr(1, close - 1);
  } else if (const auto colon = host.rfind(':'); colon != std::string_view::npos) {
    host = host.substr(0, colon);
  }
  if (host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1") return true;
  // 127.0.0.0/8, written as four decimal parts.
  if (!host.starts_with("127.")) return false;
  int parts = 2;  // "127." and what follows
  for (char c : host.substr(4)) {
    if (c == '.') ++parts;
    else if (c < '0' || c > '9') return false;
  }
  return parts == 4;
}

}  // namespace hetsched
