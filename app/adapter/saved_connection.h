#pragma once

#include "client/cluster_client.h"

#include <QString>

#include <optional>

namespace hetsched {

// A gateway the operator saved, like a kubeconfig context: a name, an
// address, TLS with an optional CA file, and a bearer token.
struct SavedConnection {
  QString name;
  QString address;  // HOST:PORT
  bool tls = false;
  QString caFile;   // PEM; empty with TLS: the system's roots
  QString token;

  bool operator==(const SavedConnection&) const = default;
};

enum class ConnectionProblem { None, EmptyName, BadAddress, CaUnreadable, CaWithoutTls };

// The first thing wrong with a saved connection (the dialog words it).
ConnectionProblem validate(const SavedConnection& connection);
// The client options it means; the CA file is read here. Nothing when the
// CA file cannot be read.
std::optional<ClientOptions> clientOptionsOf(const SavedConnection& connection);

}  // namespace hetsched
