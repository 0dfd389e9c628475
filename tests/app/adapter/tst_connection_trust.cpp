// How the console reaches a saved gateway over TLS and with a token,
// against real gateways on loopback with certificates made by openssl:
// trust on first use (fingerprint shown, remembered, a changed certificate
// refused until trusted again), a CA file, a CA-issued certificate without
// its CA, and tokens that never reach the settings file (no keychain runs
// in a headless test, so the token file and the session fallback are used).
#include "base/model/connection_state.h"
#include "cluster_connection.h"
#include "connection_opener.h"
#include "saved_connection.h"
#include "saved_connection_model.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "test_pki.h"
#include "token_vault.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <string>

using namespace hetsched;
using hetsched::test::TestPki;

namespace {

const std::string kViewer = "9999999999999999999999999999999999999999999999999999999999999999";

std::unique_ptr<Gateway> tlsGateway(const QString& cert, const QString& key) {
  SimOptions sim;
  sim.shape = defaultClusterShape(1, 1, 1);
  sim.warmupS = 0.0;
  GatewayOptions options;
  options.speed = 30.0;
  options.anonymousReads = false;  // so the token is needed
  options.tls = ServerTls{TestPki::read(cert), TestPki::read(key), ""};
  options.tokens.add(kViewer, Role::Viewer, "viewer");
  auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
  std::string error;
  if (!gateway->start(&error)) qFatal("gateway: %s", error.c_str());
  return gateway;
}

QString fingerprintOf(const QString& pem) {
  const auto certs = QSslCertificate::fromPath(pem);
  return QString::fromLatin1(certs.value(0).digest(QCryptographicHash::Sha256).toHex(':').toUpper());
}

QString address(const Gateway& gateway) { return QStringLiteral("127.0.0.1:%1").arg(gateway.port()); }

}  // namespace

class TestConnectionTrust : public QObject {
  Q_OBJECT

  TestPki m_pki;
  QTemporaryDir m_tmp;
  TokenVault m_vault;

  QString tokenFile() {
    const QString path = m_tmp.filePath(QStringLiteral("viewer-token"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) file.write(QByteArray::fromStdString(kViewer + "\n"));
    return path;
  }

  SavedConnection saved(const Gateway& gateway) {
    SavedConnection c;
    c.name = QStringLiteral("lab");
    c.address = address(gateway);
    c.tls = true;
    c.tokenFile = tokenFile();
    return c;
  }

  // A ClusterConnection with these options goes live.
  static bool goesLive(const QString& target, const ClientOptions& options) {
    ClusterConnection connection(target, options);
    connection.start();
    QDeadlineTimer deadline(15000);
    while (!deadline.hasExpired()) {
      if (connection.status().state == ConnectionState::Live) return true;
      QTest::qWait(50);
    }
    return false;
  }

 private Q_SLOTS:
  void initTestCase() { QVERIFY2(m_pki.ok(), qPrintable(m_pki.error())); }

  void firstUseShowsTheFingerprintAndPinsIt() {
    const auto gateway = tlsGateway(m_pki.selfSignedCert(), m_pki.selfSignedKey());
    ConnectionOpener opener(saved(*gateway), &m_vault);
    QSignalSpy trust(&opener, &ConnectionOpener::needsTrust);
    QSignalSpy ready(&opener, &ConnectionOpener::ready);
    opener.start();
    QTRY_COMPARE_WITH_TIMEOUT(trust.count(), 1, 10000);
    QCOMPARE(trust[0][0].toString(), fingerprintOf(m_pki.selfSignedCert()));
    QVERIFY(trust[0][1].toString().isEmpty());  // first use, not a change
    QCOMPARE(trust[0][2].toString(), QStringLiteral("gateway.example"));
    QCOMPARE(ready.count(), 0);
    opener.trust();
    QCOMPARE(ready.count(), 1);
    const auto options = ready[0][0].value<std::shared_ptr<const ClientOptions>>();
    QVERIFY(options->tls);
    QCOMPARE(options->serverName, std::string("gateway.example"));  // the certificate does not name 127.0.0.1
    QCOMPARE(options->bearerToken, kViewer);                         // from the token file
    QVERIFY(goesLive(address(*gateway), *options));
  }

  void aRememberedFingerprintConnectsWithoutAsking() {
    const auto gateway = tlsGateway(m_pki.selfSignedCert(), m_pki.selfSignedKey());
    SavedConnection c = saved(*gateway);
    c.fingerprint = fingerprintOf(m_pki.selfSignedCert());
    ConnectionOpener opener(c, &m_vault);
    QSignalSpy trust(&opener, &ConnectionOpener::needsTrust);
    QSignalSpy ready(&opener, &ConnectionOpener::ready);
    opener.start();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    QCOMPARE(trust.count(), 0);
    QVERIFY(goesLive(address(*gateway), *ready[0][0].value<std::shared_ptr<const ClientOptions>>()));
  }

  void aChangedCertificateIsRefusedUntilTrustedAgain() {
    const auto gateway = tlsGateway(m_pki.otherSelfSignedCert(), m_pki.otherSelfSignedKey());
    SavedConnection c = saved(*gateway);
    c.fingerprint = fingerprintOf(m_pki.selfSignedCert());  // what was trusted before
    ConnectionOpener opener(c, &m_vault);
    QSignalSpy trust(&opener, &ConnectionOpener::needsTrust);
    QSignalSpy ready(&opener, &ConnectionOpener::ready);
    opener.start();
    QTRY_COMPARE_WITH_TIMEOUT(trust.count(), 1, 10000);
    QCOMPARE(trust[0][0].toString(), fingerprintOf(m_pki.otherSelfSignedCert()));
    QCOMPARE(trust[0][1].toString(), c.fingerprint);  // the change, for the loud warning
    QTest::qWait(200);
    QCOMPARE(ready.count(), 0);  // nothing connects unless the operator trusts it

    // The old pin does not open the new gateway either (gRPC checks the root).
    ClientOptions pinnedOld;
    pinnedOld.tls = true;
    pinnedOld.caPem = TestPki::read(m_pki.selfSignedCert());
    pinnedOld.serverName = "gateway.example";
    pinnedOld.bearerToken = kViewer;
    pinnedOld.maxBackoff = std::chrono::milliseconds(500);
    ClusterConnection connection(address(*gateway), pinnedOld);
    connection.start();
    QTest::qWait(1500);
    QVERIFY(connection.status().state != ConnectionState::Live);
  }

  void aCaIssuedCertificateNeedsItsCaFile() {
    const auto gateway = tlsGateway(m_pki.serverCert(), m_pki.serverKey());
    ConnectionOpener withoutCa(saved(*gateway), &m_vault);
    QSignalSpy failed(&withoutCa, &ConnectionOpener::failed);
    withoutCa.start();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
    QVERIFY2(failed[0][0].toString().contains(QLatin1String("choose that CA's certificate file")),
             qPrintable(failed[0][0].toString()));

    SavedConnection c = saved(*gateway);
    c.caFile = m_pki.caPem();
    ConnectionOpener withCa(c, &m_vault);
    QSignalSpy ready(&withCa, &ConnectionOpener::ready);
    withCa.start();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    QVERIFY(goesLive(address(*gateway), *ready[0][0].value<std::shared_ptr<const ClientOptions>>()));
  }

  // No keychain runs here: a token typed in the dialog stays in memory for
  // the session, never in the settings file, and the model says so.
  void tokensNeverReachTheSettingsFile() {
    const QString ini = m_tmp.filePath(QStringLiteral("console.ini"));
    {
      QSettings settings(ini, QSettings::IniFormat);
      SavedConnectionModel model(&settings);
      model.setTokenVault(&m_vault);
      QSignalSpy stored(&model, &SavedConnectionModel::tokenStored);
      SavedConnection c;
      c.name = QStringLiteral("prod");
      c.address = QStringLiteral("gw.example:443");
      c.tls = true;
      c.token = QStringLiteral("a-very-secret-token-typed-in-the-dialog");
      model.upsert(c);
      QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, 10000);
      QVERIFY(!stored[0][1].toString().isEmpty());  // no keychain: said so
      QCOMPARE(model.connectionAt(1).token, c.token);  // kept for the session
    }
    QFile file(ini);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("gw.example:443"));
    QVERIFY(!text.contains("a-very-secret-token"));
  }

  // An older console's plain-text token is taken out of the file at once.
  void plainTextTokensAreRemovedFromOldSettings() {
    const QString ini = m_tmp.filePath(QStringLiteral("old.ini"));
    QFile file(ini);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "[connections]\n1\\name=old\n1\\address=10.0.0.5:50051\n1\\tls=false\n1\\token=old-plain-token\nsize=1\n");
    file.close();
    {
      QSettings settings(ini, QSettings::IniFormat);
      SavedConnectionModel model(&settings);
      QVERIFY(model.legacyTokens());
      QCOMPARE(model.connectionAt(1).token, QStringLiteral("old-plain-token"));
    }
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("10.0.0.5:50051"));
    QVERIFY2(!text.contains("old-plain-token"), text.constData());
  }
};

QTEST_GUILESS_MAIN(TestConnectionTrust)
#include "tst_connection_trust.moc"
