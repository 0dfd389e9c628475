// hetschedd as an operator runs it: --state and --audit-log files, killed
// with SIGKILL in the middle of its life and started again, checked with
// `hetsched policy` (get, push, promote, audit --verify), and the starts it
// must refuse: a second gateway on the same port or state file, plaintext
// beyond loopback, a tokens file others can read or with a short token.
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>

namespace {

const QString kOperator = QStringLiteral("cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc");

quint16 freePort() {
  QTcpServer probe;
  probe.listen(QHostAddress::LocalHost, 0);
  return probe.serverPort();
}

struct Run {
  int code = -1;
  QString out;
};

}  // namespace

class TestGatewayDurability : public QObject {
  Q_OBJECT

  QTemporaryDir m_tmp;
  quint16 m_port = 0;

  QString path(const char* name) const { return m_tmp.filePath(QString::fromLatin1(name)); }
  QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_port); }

  QStringList gatewayArgs() const {
    return {QStringLiteral("--listen"),         address(),
            QStringLiteral("--state"),          path("state.sqlite"),
            QStringLiteral("--audit-log"),      path("audit.log"),
            QStringLiteral("--tokens"),         path("tokens"),
            QStringLiteral("--metrics-listen"), QStringLiteral("none"),
            QStringLiteral("--cpu-nodes"),      QStringLiteral("2"),
            QStringLiteral("--gpu-nodes"),      QStringLiteral("2"),
            QStringLiteral("--tpu-nodes"),      QStringLiteral("1")};
  }

  // Starts hetschedd; its first lines of output, or empty when it did not
  // come up (then *refusal holds what it said).
  QString startGateway(QProcess& process, const QStringList& args, QString* refusal = nullptr) {
    process.setProgram(QStringLiteral(HETSCHEDD_PATH));
    process.setArguments(args);
    process.start();
    if (!process.waitForStarted(5000)) return {};
    QString out;
    while (process.waitForReadyRead(10000)) {
      out += QString::fromUtf8(process.readAllStandardOutput());
      if (out.contains(QLatin1String("listening on")) && out.contains(QLatin1String("state "))) return out;
    }
    process.waitForFinished(5000);
    if (refusal) *refusal = QString::fromUtf8(process.readAllStandardError());
    return {};
  }

  Run cli(const QStringList& args) {
    QProcess process;
    process.setProgram(QStringLiteral(HETSCHED_CLI));
    process.setArguments(args);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start();
    process.waitForFinished(30000);
    return {process.exitCode(), QString::fromUtf8(process.readAll())};
  }

  Run policy(QStringList args) {
    args.prepend(QStringLiteral("policy"));
    args << QStringLiteral("--connect") << address() << QStringLiteral("--token-file") << path("operator-token");
    return cli(args);
  }

  void writeFile(const QString& file, const QByteArray& text, int mode) {
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    f.close();
    QCOMPARE(::chmod(file.toLocal8Bit().constData(), static_cast<mode_t>(mode)), 0);
  }

 private Q_SLOTS:
  void initTestCase() {
    m_port = freePort();
    writeFile(path("tokens"), (kOperator + QStringLiteral(" operator alice\n")).toUtf8(), 0600);
    writeFile(path("operator-token"), kOperator.toUtf8(), 0600);
  }

  void killedGatewayResumesAtTheSameVersionAndAuditSequence() {
    QProcess gateway;
    QVERIFY(!startGateway(gateway, gatewayArgs()).isEmpty());
    const QString firstFit = QStringLiteral(POLICY_DIR "/first-fit.json");
    Run r = policy({QStringLiteral("push"), firstFit, QStringLiteral("--canary"), QStringLiteral("30")});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    r = policy({QStringLiteral("promote")});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    r = policy({QStringLiteral("push"), QStringLiteral(POLICY_DIR "/best-fit.json"), QStringLiteral("--canary"),
                QStringLiteral("15")});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    gateway.kill();  // SIGKILL: no chance to tidy up
    QVERIFY(gateway.waitForFinished(5000));

    QProcess again;
    const QString started = startGateway(again, gatewayArgs());
    QVERIFY2(started.contains(QLatin1String("resumed at policy v3 with candidate v4 at 15%, audit entry 3")),
             qPrintable(started));
    r = policy({QStringLiteral("get")});
    QVERIFY2(
        r.code == 0 && r.out.contains(QLatin1String("version   4")) && r.out.contains(QLatin1String("canary    15%")),
        qPrintable(r.out));
    r = policy({QStringLiteral("promote")});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    r = policy({QStringLiteral("audit"), QStringLiteral("--verify")});
    QVERIFY2(r.code == 0 && r.out.contains(QLatin1String("sound: entries 1..4")), qPrintable(r.out));
    r = cli({QStringLiteral("policy"), QStringLiteral("audit"), QStringLiteral("--verify"), QStringLiteral("--file"),
             path("audit.log")});
    QVERIFY2(r.code == 0 && r.out.contains(QLatin1String("sound: entries 1..4")), qPrintable(r.out));
    ::kill(static_cast<pid_t>(again.processId()), SIGTERM);
    QVERIFY(again.waitForFinished(10000));
    QCOMPARE(again.exitCode(), 0);
  }

  // One line of the --audit-log file changed: --verify names it.
  void tamperedAuditLogLineIsDetected() {
    QFile file(path("audit.log"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    file.close();
    QVERIFY(lines.size() >= 3);
    QVERIFY(lines[1].contains(QLatin1String("\talice\t")));
    lines[1].replace(QLatin1String("\talice\t"), QLatin1String("\tmallory\t"));
    writeFile(path("audit-tampered.log"), (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8(), 0600);
    const Run r = cli({QStringLiteral("policy"), QStringLiteral("audit"), QStringLiteral("--verify"),
                       QStringLiteral("--file"), path("audit-tampered.log")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QLatin1String("BROKEN at entry 2: its hash does not match")), qPrintable(r.out));
  }

  void refusedStarts_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString other = QStringLiteral("127.0.0.1:%1").arg(freePort());
    QTest::newRow("plaintext beyond loopback")
        << QStringList{QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0"), QStringLiteral("--metrics-listen"),
                       QStringLiteral("none")}
        << "refusing to listen on 0.0.0.0:0 without TLS";
    QTest::newRow("readable tokens file") << QStringList{QStringLiteral("--listen"),         other,
                                                         QStringLiteral("--state"),          QStringLiteral("none"),
                                                         QStringLiteral("--metrics-listen"), QStringLiteral("none"),
                                                         QStringLiteral("--tokens"),         path("tokens-readable")}
                                          << "readable or writable by other users";
    QTest::newRow("short token") << QStringList{QStringLiteral("--listen"),         other,
                                                QStringLiteral("--state"),          QStringLiteral("none"),
                                                QStringLiteral("--metrics-listen"), QStringLiteral("none"),
                                                QStringLiteral("--tokens"),         path("tokens-short")}
                                 << "token too short";
  }
  void refusedStarts() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    writeFile(path("tokens-readable"), (kOperator + QStringLiteral(" operator alice\n")).toUtf8(), 0644);
    writeFile(path("tokens-short"), QByteArray("0123456789abcdef operator alice\n"), 0600);
    QProcess gateway;
    QString refusal;
    QVERIFY(startGateway(gateway, args, &refusal).isEmpty());
    QCOMPARE(gateway.exitCode(), 2);
    QVERIFY2(refusal.contains(message), qPrintable(refusal));
  }

  // While one gateway runs, a second on its port or its state file stops
  // at once with a reason, and the first is untouched.
  void secondGatewayIsRefused() {
    QProcess first;
    QVERIFY(!startGateway(first, gatewayArgs()).isEmpty());
    QProcess samePort;
    QStringList args = gatewayArgs();
    args[3] = path("other-state.sqlite");
    args[5] = path("other-audit.log");
    QString refusal;
    QVERIFY(startGateway(samePort, args, &refusal).isEmpty());
    QVERIFY2(refusal.contains(QLatin1String("cannot listen on ") + address()), qPrintable(refusal));

    QProcess sameState;
    args = gatewayArgs();
    args[1] = QStringLiteral("127.0.0.1:%1").arg(freePort());
    args[5] = path("other-audit.log");
    QVERIFY(startGateway(sameState, args, &refusal).isEmpty());
    QVERIFY2(refusal.contains(QLatin1String("in use by another hetschedd")), qPrintable(refusal));

    const Run r = policy({QStringLiteral("get")});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    ::kill(static_cast<pid_t>(first.processId()), SIGTERM);
    QVERIFY(first.waitForFinished(10000));
  }
};

QTEST_GUILESS_MAIN(TestGatewayDurability)
#include "tst_gateway_durability.moc"
