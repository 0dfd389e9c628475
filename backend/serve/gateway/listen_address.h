#pragma once

#include <string_view>

namespace hetsched {

// Whether a gRPC listen address ("HOST:PORT", "[v6]:PORT", "unix:PATH")
// reaches only this machine: 127.0.0.0/8, ::1, localhost or a Unix socket.
// Anything else (0.0.0.0, [::], a host name, an interface address) is
// beyond loopback, where the gateway insists on TLS and tokens.
bool isLoopbackListen(std::string_view address);

}  // namespace hetsched
