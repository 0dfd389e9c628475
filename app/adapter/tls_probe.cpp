#include "tls_probe.h"

#include <QSslCertificate>
#include <QSslSocket>
#include <QTimer>

namespace hetsched {

TlsProbe::TlsProbe(QObject* parent) : QObject(parent), m_socket(new QSslSocket(this)) {}

void TlsProbe::probe(const QString& address, int timeoutMs) {
  const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
  QString host = address.left(colon);
  if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']'))) host = host.mid(1, host.size() - 2);
  bool ok = false;
  const int port = address.mid(colon + 1).toInt(&ok);
  if (colon <= 0 || !ok || port <= 0 || port > 65535) {
    QTimer::singleShot(0, this, [this, address] { Q_EMIT failed(tr("%1 is not HOST:PORT").arg(address)); });
    return;
  }
  if (!QSslSocket::supportsSsl()) {
    QTimer::singleShot(0, this, [this] { Q_EMIT failed(tr("Qt has no TLS backend here (the OpenSSL plugin)")); });
    return;
  }
  // Only the certificate is wanted here; trust is decided by the caller
  // against the remembered fingerprint, and gRPC verifies the pinned root.
  m_socket->setPeerVerifyMode(QSslSocket::VerifyNone);
  connect(m_socket, &QSslSocket::encrypted, this, &TlsProbe::finish);
  connect(m_socket, &QSslSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
    if (m_done) return;
    m_done = true;
    Q_EMIT failed(m_socket->errorString());
  });
  QTimer::singleShot(timeoutMs, this, [this, address] {
    if (m_done) return;
    m_done = true;
    m_socket->abort();
    Q_EMIT failed(tr("no TLS answer from %1").arg(address));
  });
  m_socket->connectToHostEncrypted(host, static_cast<quint16>(port));
}

void TlsProbe::finish() {
  if (m_done) return;
  m_done = true;
  const QList<QSslCertificate> chain = m_socket->peerCertificateChain();
  m_socket->disconnectFromHost();
  if (chain.isEmpty()) {
    Q_EMIT failed(tr("the server sent no certificate"));
    return;
  }
  const QSslCertificate& leaf = chain.front();
  ServerCertificate c;
  c.fingerprint = QString::fromLatin1(leaf.digest(QCryptographicHash::Sha256).toHex(':').toUpper());
  c.subject = leaf.subjectInfo(QSslCertificate::CommonName).value(0);
  const auto alternates = leaf.subjectAlternativeNames();
  for (auto it = alternates.begin(); it != alternates.end(); ++it)
    if (it.key() == QSsl::DnsEntry || it.key() == QSsl::IpAddressEntry) c.names << it.value();
  const QSslCertificate& top = chain.back();
  c.rootPem = top.toPem();
  c.selfContained = top.isSelfSigned();
  Q_EMIT found(c);
}

}  // namespace hetsched
