#pragma once

#include <chrono>
#include <string>

namespace hetsched {

enum class ConnectionState {
  Connecting,  // first attempt, no data yet
  Live,        // frames are streaming
  Stale,       // lost; data shown is old; reconnecting with backoff
  Stopped,
};

struct ConnectionStatus {
  ConnectionState state = ConnectionState::Connecting;
  std::string detail;                  // gRPC's reason for the last failure
  std::chrono::milliseconds retryIn{0};  // Stale: time until the next attempt
  int attempt = 0;
};

}  // namespace hetsched
