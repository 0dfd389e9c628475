#pragma once

#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"

#include <QString>
#include <cstdint>
#include <memory>
#include <string>

namespace hetsched {

class ClusterConnection;

// The simulated cluster in this process, started the first time it is asked
// for (at start, or when the operator opens it later). It trusts only this
// console: a fresh operator token that never leaves the process.
class EmbeddedCluster {
 public:
  EmbeddedCluster(double speed, std::uint64_t seed) : m_speed(speed), m_seed(seed) {}
  ~EmbeddedCluster();

  // Null with `error` set when the gateway does not start.
  std::unique_ptr<ClusterConnection> connect(QString* error);

 private:
  double m_speed;
  std::uint64_t m_seed;
  std::string m_token = TokenStore::generateToken();
  std::unique_ptr<Gateway> m_gateway;
};

}  // namespace hetsched
