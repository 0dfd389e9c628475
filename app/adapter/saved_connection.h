#pragma once

#include "serve/client/cluster_client.h"

#include <QString>
#include <optional>
#include <utility>

namespace hetsched {

// A gateway the operator saved, like a kubeconfig context: a name, an
// address, TLS with a CA file or a certificate trusted on first use, and a
// bearer token (kept in the keychain, or read from a token file).
struct SavedConnection {
  SavedConnection() = default;
  SavedConnection(QString name_, QString address_, bool tls_, QString caFile_, QString token_, QString tokenFile_ = {},
                  QString fingerprint_ = {})
      : name(std::move(name_)),
        address(std::move(address_)),
        tls(tls_),
        caFile(std::move(caFile_)),
        token(std::move(token_)),
        tokenFile(std::move(tokenFile_)),
        fingerprint(std::move(fingerprint_)) {}

  QString name;
  QString address;  // HOST:PORT
  bool tls = false;
  QString caFile;   // PEM; empty with TLS: trust on first use
  // In memory only: the keychain (token_vault.h) keeps it, never the
  // settings file.
  QString token;
  QString tokenFile;    // where the token is read, when no keychain runs
  // TLS without a CA file: the SHA-256 fingerprint of the certificate the
  // operator trusted on first use ("AB:CD:…"); a different one is refused
  // with a loud warning.
  QString fingerprint;

  bool operator==(const SavedConnection&) const = default;
};

enum class ConnectionProblem { None, EmptyName, BadAddress, CaUnreadable, CaWithoutTls };

// The first thing wrong with a saved connection (the dialog words it).
ConnectionProblem validate(const SavedConnection& connection);
// The client options it means; the CA file is read here. Nothing when the
// CA file cannot be read.
std::optional<ClientOptions> clientOptionsOf(const SavedConnection& connection);

}  // namespace hetsched
