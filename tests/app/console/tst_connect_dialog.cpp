// File → Connect…'s form for TLS and tokens: the certificate trusted on
// first use is shown and can be forgotten, a saved token is never shown
// back, a token file can be chosen. HETSCHED_SCREENSHOT_DIR=DIR saves a PNG
// of the dialog for a look.
#include "connect_dialog.h"
#include "saved_connection.h"
#include "saved_connection_model.h"
#include "trust_prompt.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace hetsched;

class TestConnectDialog : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void showsTrustAndTokenFields() {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("console.ini")), QSettings::IniFormat);
    SavedConnectionModel model(&settings);
    SavedConnection lab(
        QStringLiteral("lab"), QStringLiteral("10.0.0.5:50051"), true, QString(), QStringLiteral("typed-this-session"),
        QStringLiteral("/home/op/.config/hetsched/lab.token"),
        QStringLiteral(
            "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"));
    const int row = model.upsert(lab);
    ConnectDialog dialog(&model, row);
    dialog.resize(820, 420);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    const auto edits = dialog.findChildren<QLineEdit*>();
    bool tokenFileShown = false;
    for (QLineEdit* e : edits) {
      QVERIFY2(e->text() != lab.token, "a token is never shown back");
      tokenFileShown = tokenFileShown || e->text() == lab.tokenFile;
    }
    QVERIFY(tokenFileShown);
    QLabel* pin = nullptr;
    for (QLabel* l : dialog.findChildren<QLabel*>())
      if (l->text().contains(QLatin1String("SHA-256 AB:CD"))) pin = l;
    QVERIFY(pin);
    if (const QByteArray out = qgetenv("HETSCHED_SCREENSHOT_DIR"); !out.isEmpty())
      dialog.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/connect-dialog.png"));

    QPushButton* forget = nullptr;
    for (QPushButton* b : dialog.findChildren<QPushButton*>())
      if (b->text() == QLatin1String("Forget")) forget = b;
    QVERIFY(forget && forget->isEnabled());
    forget->click();
    QVERIFY(model.connectionAt(row).fingerprint.isEmpty());
    QCOMPARE(pin->text(), QStringLiteral("none yet"));
    QVERIFY(!forget->isEnabled());
  }

  // A changed certificate: a loud warning whose default is Cancel.
  void aChangedCertificateWarnsLoudly() {
    QString shown;
    QTimer::singleShot(200, this, [&shown] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      shown = box->windowTitle() + QLatin1Char('\n') + box->text() + QLatin1Char('\n') + box->informativeText();
      if (const QByteArray out = qgetenv("HETSCHED_SCREENSHOT_DIR"); !out.isEmpty())
        box->grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/certificate-changed.png"));
      QTest::keyClick(box, Qt::Key_Return);  // the default button
    });
    const bool trusted = askToTrust(nullptr, QStringLiteral("10.0.0.5:50051"), QStringLiteral("11:22:33"),
                                    QStringLiteral("AB:CD:EF"), QStringLiteral("gateway.example"));
    QVERIFY(!trusted);  // Enter does not trust it
    QVERIFY2(shown.contains(QLatin1String("CHANGED")) && shown.contains(QLatin1String("AB:CD:EF")) &&
                 shown.contains(QLatin1String("11:22:33")),
             qPrintable(shown));
  }
};

QTEST_MAIN(TestConnectDialog)
#include "tst_connect_dialog.moc"
