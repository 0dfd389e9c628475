// The console's saved connections, headless: QSettings in a temp file.
#include "checked_value.h"
#include "saved_connection.h"
#include "saved_connection_model.h"

#include <QAbstractItemModelTester>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <string>

using namespace hetsched;

class TestConnectionModel : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { m_dir = std::make_unique<QTemporaryDir>(); }
  void embeddedRowAlwaysThere();
  void savesAndReloads();
  void upsertReplacesByName();
  void validation_data();
  void validation();
  void clientOptions();

 private:
  QString settingsPath() const { return m_dir->filePath(QStringLiteral("console.ini")); }
  std::unique_ptr<QTemporaryDir> m_dir;
};

void TestConnectionModel::embeddedRowAlwaysThere() {
  QSettings settings(settingsPath(), QSettings::IniFormat);
  SavedConnectionModel model(&settings);
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  QCOMPARE(model.rowCount(), 1);
  QVERIFY(model.isEmbedded(0));
  QVERIFY(model.data(model.index(0), SavedConnectionModel::EmbeddedRole).toBool());
  QVERIFY(!model.remove(0));
  QCOMPARE(model.rowCount(), 1);
}

void TestConnectionModel::savesAndReloads() {
  const SavedConnection prod{QStringLiteral("prod"), QStringLiteral("gw.prod.example:443"), true, QString(),
                             QStringLiteral("secret-token")};
  const SavedConnection lab{QStringLiteral("lab"), QStringLiteral("10.0.0.5:50051"), false, QString(), QString()};
  {
    QSettings settings(settingsPath(), QSettings::IniFormat);
    SavedConnectionModel model(&settings);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QCOMPARE(model.upsert(prod), 1);
    QCOMPARE(model.upsert(lab), 2);
    QCOMPARE(inserted.count(), 2);
    model.setLastUsed(QStringLiteral("lab"));
  }
  QSettings settings(settingsPath(), QSettings::IniFormat);
  SavedConnectionModel model(&settings);
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  QCOMPARE(model.rowCount(), 3);
  // Everything but the token, which goes to the keychain, never the file.
  SavedConnection prodOnDisk = prod;
  prodOnDisk.token.clear();
  QCOMPARE(model.connectionAt(1), prodOnDisk);
  QCOMPARE(model.connectionAt(2), lab);
  QCOMPARE(model.data(model.index(1)).toString(), QStringLiteral("prod"));
  QCOMPARE(model.data(model.index(1), SavedConnectionModel::AddressRole).toString(), prod.address);
  QCOMPARE(model.lastUsed(), QStringLiteral("lab"));
  QVERIFY(model.remove(1));
  QCOMPARE(model.rowOf(QStringLiteral("lab")), 1);
  QSettings again(settingsPath(), QSettings::IniFormat);
  SavedConnectionModel reloaded(&again);
  QCOMPARE(reloaded.rowCount(), 2);
  QCOMPARE(reloaded.connectionAt(1), lab);
}

void TestConnectionModel::upsertReplacesByName() {
  QSettings settings(settingsPath(), QSettings::IniFormat);
  SavedConnectionModel model(&settings);
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.upsert({QStringLiteral("a"), QStringLiteral("h:1"), false, QString(), QString()});
  QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
  QCOMPARE(model.upsert({QStringLiteral("a"), QStringLiteral("h:2"), false, QString(), QString()}), 1);
  QCOMPARE(model.rowCount(), 2);
  QCOMPARE(changed.count(), 1);
  QCOMPARE(model.connectionAt(1).address, QStringLiteral("h:2"));
}

void TestConnectionModel::validation_data() {
  QTest::addColumn<QString>("name");
  QTest::addColumn<QString>("address");
  QTest::addColumn<bool>("tls");
  QTest::addColumn<QString>("caFile");
  QTest::addColumn<int>("problem");
  const QString ca = QStringLiteral(HETSCHED_TEST_DATA "/kubernetes/kubeconfig-exec.yaml");  // any readable file
  QTest::newRow("ok") << "a" << "127.0.0.1:50051" << false << QString() << int(ConnectionProblem::None);
  QTest::newRow("ipv6") << "a" << "[::1]:50051" << false << QString() << int(ConnectionProblem::None);
  QTest::newRow("unix") << "a" << "unix:/run/hetschedd.sock" << false << QString() << int(ConnectionProblem::None);
  QTest::newRow("tls with ca") << "a" << "gw:443" << true << ca << int(ConnectionProblem::None);
  QTest::newRow("no name") << " " << "gw:443" << false << QString() << int(ConnectionProblem::EmptyName);
  QTest::newRow("no port") << "a" << "gw" << false << QString() << int(ConnectionProblem::BadAddress);
  QTest::newRow("port 0") << "a" << "gw:0" << false << QString() << int(ConnectionProblem::BadAddress);
  QTest::newRow("port big") << "a" << "gw:70000" << false << QString() << int(ConnectionProblem::BadAddress);
  QTest::newRow("ca missing") << "a" << "gw:443" << true << "/nonexistent/ca.pem"
                              << int(ConnectionProblem::CaUnreadable);
  QTest::newRow("ca without tls") << "a" << "gw:443" << false << ca << int(ConnectionProblem::CaWithoutTls);
}

void TestConnectionModel::validation() {
  QFETCH(QString, name);
  QFETCH(QString, address);
  QFETCH(bool, tls);
  QFETCH(QString, caFile);
  QFETCH(int, problem);
  QCOMPARE(int(validate({name, address, tls, caFile, QString()})), problem);
}

void TestConnectionModel::clientOptions() {
  const QString caPath = m_dir->filePath(QStringLiteral("ca.pem"));
  QFile ca(caPath);
  QVERIFY(ca.open(QIODevice::WriteOnly));
  ca.write("-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n");
  ca.close();
  const auto options =
      clientOptionsOf({QStringLiteral("a"), QStringLiteral("gw:443"), true, caPath, QStringLiteral("tok")});
  VERIFY_HAS_VALUE(options);
  QVERIFY(options->tls);
  QCOMPARE(options->bearerToken, std::string("tok"));
  QVERIFY(options->caPem.find("BEGIN CERTIFICATE") != std::string::npos);
  QVERIFY(!clientOptionsOf(
      {QStringLiteral("a"), QStringLiteral("gw:443"), true, QStringLiteral("/nonexistent"), QString()}));
}

QTEST_GUILESS_MAIN(TestConnectionModel)
#include "tst_connection_model.moc"
