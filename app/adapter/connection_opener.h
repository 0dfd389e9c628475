#pragma once

#include "saved_connection.h"
#include "serve/client/cluster_client.h"
#include "tls_probe.h"

#include <QObject>
#include <QPointer>
#include <memory>

namespace hetsched {

class TokenVault;

// Turns a saved connection into the options a ClusterConnection needs,
// without blocking: the token from the connection itself (typed this
// session), its token file or the keychain; the CA file; or, for TLS
// without one, the server's certificate fetched with TlsProbe and checked
// against the fingerprint remembered for this connection (trust on first
// use), pinned as gRPC's only root. One connection per opener.
class ConnectionOpener : public QObject {
  Q_OBJECT
 public:
  ConnectionOpener(SavedConnection connection, TokenVault* vault, QObject* parent = nullptr);

  void start();
  // After needsTrust: the operator trusts the certificate shown; the
  // caller remembers its fingerprint with the connection.
  void trust();

 Q_SIGNALS:
  void ready(std::shared_ptr<const hetsched::ClientOptions> options);
  // previous empty: first use; otherwise the certificate CHANGED.
  void needsTrust(const QString& fingerprint, const QString& previous, const QString& subject);
  void failed(const QString& message);

 private:
  void haveToken(const QString& token);
  void haveCertificate(const ServerCertificate& certificate);
  void finishPinned();

  SavedConnection m_connection;
  QPointer<TokenVault> m_vault;
  ClientOptions m_options;
  ServerCertificate m_certificate;
  TlsProbe* m_probe = nullptr;
};

}  // namespace hetsched

Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::ClientOptions>)
