#include "connection_opener.h"

#include "saved_connection.h"
#include "serve/client/cluster_client.h"
#include "tls_probe.h"
#include "token_vault.h"

#include <QFile>
#include <QTimer>
#include <memory>
#include <utility>

namespace hetsched {

ConnectionOpener::ConnectionOpener(SavedConnection connection, TokenVault* vault, QObject* parent)
    : QObject(parent), m_connection(std::move(connection)), m_vault(vault) {
  qRegisterMetaType<std::shared_ptr<const ClientOptions>>();
}

void ConnectionOpener::start() {
  const auto options = clientOptionsOf(m_connection);
  if (!options) {
    QTimer::singleShot(0, this,
                       [this] { Q_EMIT failed(tr("Cannot read the CA certificate %1").arg(m_connection.caFile)); });
    return;
  }
  m_options = *options;
  if (!m_connection.token.isEmpty()) {
    QTimer::singleShot(0, this, [this] { haveToken(m_connection.token); });
  } else if (!m_connection.tokenFile.isEmpty()) {
    QFile file(m_connection.tokenFile);
    if (!file.open(QIODevice::ReadOnly)) {
      QTimer::singleShot(0, this,
                         [this] { Q_EMIT failed(tr("Cannot read the token file %1").arg(m_connection.tokenFile)); });
      return;
    }
    const QString token = QString::fromUtf8(file.readAll()).trimmed().section(QLatin1Char(' '), 0, 0);
    QTimer::singleShot(0, this, [this, token] { haveToken(token); });
  } else if (m_vault) {
    connect(m_vault, &TokenVault::loaded, this,
            [this](const QString& name, const QString& token, bool found, const QString&) {
              // No token anywhere is fine: a gateway may allow reads without one.
              if (name == m_connection.name) haveToken(found ? token : QString());
            });
    m_vault->load(m_connection.name);
  } else {
    QTimer::singleShot(0, this, [this] { haveToken({}); });
  }
}

void ConnectionOpener::haveToken(const QString& token) {
  if (m_vault) disconnect(m_vault, nullptr, this, nullptr);
  m_options.bearerToken = token.toStdString();
  // Without TLS, or with a CA file, there is nothing to pin.
  if (!m_connection.tls || !m_connection.caFile.isEmpty()) {
    Q_EMIT ready(std::make_shared<const ClientOptions>(m_options));
    return;
  }
  m_probe = new TlsProbe(this);
  connect(m_probe, &TlsProbe::found, this, &ConnectionOpener::haveCertificate);
  connect(m_probe, &TlsProbe::failed, this, [this](const QString& why) {
    Q_EMIT failed(tr("Cannot fetch the certificate of %1: %2").arg(m_connection.address, why));
  });
  m_probe->probe(m_connection.address);
}

void ConnectionOpener::haveCertificate(const ServerCertificate& certificate) {
  m_certificate = certificate;
  if (!certificate.selfContained) {
    Q_EMIT failed(tr("%1 sends a certificate from a CA it does not include, so it cannot be trusted on first "
                     "use; choose that CA's certificate file instead")
                      .arg(m_connection.address));
    return;
  }
  if (certificate.fingerprint == m_connection.fingerprint) {
    finishPinned();
    return;
  }
  Q_EMIT needsTrust(certificate.fingerprint, m_connection.fingerprint, certificate.subject);
}

void ConnectionOpener::trust() {
  if (m_certificate.fingerprint.isEmpty()) return;
  m_connection.fingerprint = m_certificate.fingerprint;
  finishPinned();
}

void ConnectionOpener::finishPinned() {
  m_options.caPem = m_certificate.rootPem.toStdString();
  // The pinned certificate is the only root; it need not name the address
  // the operator typed (an IP, a tunnel), so ask gRPC to check a name it
  // does hold.
  const QString host = m_connection.address.left(m_connection.address.lastIndexOf(QLatin1Char(':')))
                           .remove(QLatin1Char('['))
                           .remove(QLatin1Char(']'));
  if (!m_certificate.names.contains(host)) {
    const QString name = m_certificate.names.isEmpty() ? m_certificate.subject : m_certificate.names.front();
    m_options.serverName = name.toStdString();
  }
  Q_EMIT ready(std::make_shared<const ClientOptions>(m_options));
}

}  // namespace hetsched
