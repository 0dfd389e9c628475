#include "test_pki.h"

#include <QFile>
#include <QProcess>
#include <string>

namespace hetsched::test {

bool TestPki::run(const QStringList& args) {
  if (!m_error.isEmpty()) return false;
  QProcess openssl;
  openssl.setWorkingDirectory(m_dir.path());
  openssl.setProcessChannelMode(QProcess::MergedChannels);
  openssl.start(QStringLiteral("openssl"), args);
  if (!openssl.waitForFinished(30000) || openssl.exitStatus() != QProcess::NormalExit || openssl.exitCode() != 0) {
    m_error = QStringLiteral("openssl %1: %2 %3")
                  .arg(args.join(QLatin1Char(' ')), openssl.errorString(), QString::fromUtf8(openssl.readAll()));
    return false;
  }
  return true;
}

TestPki::TestPki() {
  if (!m_dir.isValid()) {
    m_error = QStringLiteral("no temporary directory");
    return;
  }
  const auto key = [](const QString& name) {
    return QStringList{QStringLiteral("-newkey"),
                       QStringLiteral("ec"),
                       QStringLiteral("-pkeyopt"),
                       QStringLiteral("ec_paramgen_curve:P-256"),
                       QStringLiteral("-nodes"),
                       QStringLiteral("-keyout"),
                       name};
  };
  const auto ca = [&](const QString& name, const QString& cn) {
    run(QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + key(name + QStringLiteral(".key")) +
        QStringList{QStringLiteral("-out"), name + QStringLiteral(".pem"), QStringLiteral("-days"),
                    QStringLiteral("30"), QStringLiteral("-subj"), QStringLiteral("/CN=") + cn});
  };
  // A leaf signed by `issuer`, valid `days` (negative: already expired).
  const auto leaf = [&](const QString& name, const QString& cn, const QString& issuer, int days, const QString& ext) {
    QFile extensions(file(name + QStringLiteral(".ext")));
    extensions.open(QIODevice::WriteOnly);
    extensions.write(ext.toUtf8());
    extensions.close();
    run(QStringList{QStringLiteral("req")} + key(name + QStringLiteral(".key")) +
        QStringList{QStringLiteral("-out"), name + QStringLiteral(".csr"), QStringLiteral("-subj"),
                    QStringLiteral("/CN=") + cn});
    run({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), name + QStringLiteral(".csr"),
         QStringLiteral("-CA"), issuer + QStringLiteral(".pem"), QStringLiteral("-CAkey"),
         issuer + QStringLiteral(".key"), QStringLiteral("-set_serial"), QString::number(qHash(name)),
         QStringLiteral("-days"), QString::number(days), QStringLiteral("-extfile"), name + QStringLiteral(".ext"),
         QStringLiteral("-out"), name + QStringLiteral(".pem")});
  };
  const QString serverExt = QStringLiteral("subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
  const QString clientExt = QStringLiteral("extendedKeyUsage=clientAuth\n");
  ca(QStringLiteral("ca"), QStringLiteral("hetsched test CA"));
  ca(QStringLiteral("stranger-ca"), QStringLiteral("someone else's CA"));
  leaf(QStringLiteral("server"), QStringLiteral("localhost"), QStringLiteral("ca"), 30, serverExt);
  leaf(QStringLiteral("other-server"), QStringLiteral("localhost"), QStringLiteral("ca"), 30, serverExt);
  leaf(QStringLiteral("expired"), QStringLiteral("localhost"), QStringLiteral("ca"), -1, serverExt);
  leaf(QStringLiteral("client"), QStringLiteral("console-1"), QStringLiteral("ca"), 30, clientExt);
  leaf(QStringLiteral("stranger-client"), QStringLiteral("intruder"), QStringLiteral("stranger-ca"), 30, clientExt);
  // Self-signed, for trust on first use: its own root, valid for our names.
  for (const QString& self : {QStringLiteral("self"), QStringLiteral("self2")})
    run(QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + key(self + QStringLiteral(".key")) +
        QStringList{QStringLiteral("-out"), self + QStringLiteral(".pem"), QStringLiteral("-days"),
                    QStringLiteral("30"), QStringLiteral("-subj"), QStringLiteral("/CN=gateway.example"),
                    QStringLiteral("-addext"), QStringLiteral("subjectAltName=DNS:gateway.example")});
}

std::string TestPki::read(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

}  // namespace hetsched::test
