#pragma once

#include <QString>
#include <QTemporaryDir>
#include <string>

namespace hetsched::test {

// Certificates for TLS tests, made by Debian's `openssl` in a temporary
// directory: two CAs (the right one and a stranger), a server certificate
// for localhost / 127.0.0.1 from the right CA, an expired one, and client
// certificates from each CA for mutual TLS. ok() is false (with error())
// when openssl is missing or fails: the test then fails, it never skips.
class TestPki {
 public:
  TestPki();

  bool ok() const { return m_error.isEmpty(); }
  const QString& error() const { return m_error; }

  QString caPem() const { return file(QStringLiteral("ca.pem")); }
  QString strangerCaPem() const { return file(QStringLiteral("stranger-ca.pem")); }
  QString serverCert() const { return file(QStringLiteral("server.pem")); }
  QString serverKey() const { return file(QStringLiteral("server.key")); }
  QString expiredCert() const { return file(QStringLiteral("expired.pem")); }
  QString clientCert() const { return file(QStringLiteral("client.pem")); }
  QString clientKey() const { return file(QStringLiteral("client.key")); }
  QString strangerClientCert() const { return file(QStringLiteral("stranger-client.pem")); }
  QString strangerClientKey() const { return file(QStringLiteral("stranger-client.key")); }
  // A second server certificate for the same names (a changed certificate).
  QString otherServerCert() const { return file(QStringLiteral("other-server.pem")); }
  QString otherServerKey() const { return file(QStringLiteral("other-server.key")); }
  // A self-signed server certificate: what trust on first use pins.
  QString selfSignedCert() const { return file(QStringLiteral("self.pem")); }
  QString selfSignedKey() const { return file(QStringLiteral("self.key")); }
  // Another, for a gateway whose certificate changed.
  QString otherSelfSignedCert() const { return file(QStringLiteral("self2.pem")); }
  QString otherSelfSignedKey() const { return file(QStringLiteral("self2.key")); }

  QString path(const QString& name) const { return file(name); }
  static std::string read(const QString& path);

 private:
  QString file(const QString& name) const { return m_dir.filePath(name); }
  bool run(const QStringList& args);

  QTemporaryDir m_dir;
  QString m_error;
};

}  // namespace hetsched::test
