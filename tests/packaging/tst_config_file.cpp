// hetschedd --config: the file the packaged systemd units start the gateway
// and the node agent with. The parser on its own, then the real hetschedd
// reading the files the packages ship and a file of the test's own.
#include "config_file.h"

#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

constexpr std::string_view kKnown[] = {"listen", "source", "agent", "policy", "tokens"};

QStringList optionsOf(std::string_view text) {
  auto parsed = cli::parseConfig(text, "t.conf", kKnown);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    qWarning("%s", e->c_str());
    return {};
  }
  QStringList out;
  for (const std::string& o : std::get<std::vector<std::string>>(parsed)) out << QString::fromStdString(o);
  return out;
}

// hetschedd's stdout and stderr once it exits or says it listens.
struct Run {
  int exitCode = -1;
  QString output;
};

Run runHetschedd(const QStringList& arguments) {
  QProcess process;
  process.setProcessChannelMode(QProcess::MergedChannels);
  process.start(QStringLiteral(HETSCHEDD_PATH), arguments);
  Run run;
  if (!process.waitForStarted(5000)) return run;
  while (process.state() == QProcess::Running && process.waitForReadyRead(20000)) {
    run.output += QString::fromUtf8(process.readAll());
    if (run.output.contains(QStringLiteral("listening on"))) {
      process.terminate();
      break;
    }
  }
  process.waitForFinished(20000);
  run.output += QString::fromUtf8(process.readAll());
  run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  return run;
}

quint16 freePort() {
  QTcpServer probe;
  probe.listen(QHostAddress::LocalHost, 0);
  return probe.serverPort();
}

}  // namespace

class TestConfigFile : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void readsKeysValuesFlagsAndComments() {
    const QStringList options = optionsOf(
        "# the gateway\n"
        "listen = 0.0.0.0:50051   # all interfaces\n"
        "\n"
        "   source=host\r\n"
        "agent\n"
        "policy = /etc/hetsched/a b.json\n"
        "policy = second.json");
    QCOMPARE(options, (QStringList{QStringLiteral("--listen=0.0.0.0:50051"), QStringLiteral("--source=host"),
                                   QStringLiteral("--agent"), QStringLiteral("--policy=/etc/hetsched/a b.json"),
                                   QStringLiteral("--policy=second.json")}));
  }

  void badLinesNameFileAndLine_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown key") << "listen = a:1\nlisen = b:2\n" << "t.conf:2: unknown key 'lisen'";
    QTest::newRow("no key") << "# x\n= 3\n" << "t.conf:2: expected 'key = value'";
    QTest::newRow("no value") << "listen =\n" << "t.conf:1: 'listen' has no value";
    QTest::newRow("two words") << "listen 127.0.0.1:1\n" << "t.conf:1: 'listen 127.0.0.1:1': a key is one word";
    QTest::newRow("nested") << "config = other.conf\n" << "t.conf:1: 'config' cannot name another file";
  }
  void badLinesNameFileAndLine() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto parsed = cli::parseConfig(text.toStdString(), "t.conf", kKnown);
    QVERIFY(std::holds_alternative<std::string>(parsed));
    QVERIFY2(QString::fromStdString(std::get<std::string>(parsed)).startsWith(expected),
             std::get<std::string>(parsed).c_str());
  }

  // The packages' default files hold only keys hetschedd knows (--help
  // returns after the file is read and checked).
  void shippedConfigsAreAccepted_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("gateway") << QStringLiteral(PACKAGING_DIR "/linux/hetschedd.conf");
    QTest::newRow("agent") << QStringLiteral(PACKAGING_DIR "/linux/agent.conf");
  }
  void shippedConfigsAreAccepted() {
    QFETCH(QString, file);
    const Run run = runHetschedd({QStringLiteral("--config"), file, QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.output.contains(QStringLiteral("--config FILE")), qPrintable(run.output));
  }

  void gatewayStartsFromFileAndCommandLineWins() {
    QTemporaryDir dir;
    const quint16 filePort = freePort();
    const quint16 commandLinePort = freePort();
    QFile conf(dir.filePath(QStringLiteral("hetschedd.conf")));
    QVERIFY(conf.open(QIODevice::WriteOnly));
    conf.write(QStringLiteral("listen = 127.0.0.1:%1\ncpu-nodes = 1\ngpu-nodes = 1\ntpu-nodes = 0\n"
                              "metrics-listen = none\ntoken-out = %2\n")
                   .arg(filePort)
                   .arg(dir.filePath(QStringLiteral("token")))
                   .toUtf8());
    conf.close();

    Run run = runHetschedd({QStringLiteral("--config"), conf.fileName()});
    QVERIFY2(run.output.contains(QStringLiteral("listening on 127.0.0.1:%1 (sim: 2 nodes").arg(filePort)),
             qPrintable(run.output));
    QCOMPARE(run.exitCode, 0);

    run = runHetschedd({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(commandLinePort),
                        QStringLiteral("--config"), conf.fileName()});
    QVERIFY2(run.output.contains(QStringLiteral("listening on 127.0.0.1:%1").arg(commandLinePort)),
             qPrintable(run.output));
  }

  void badFileIsRefusedBeforeStarting() {
    QTemporaryDir dir;
    QFile conf(dir.filePath(QStringLiteral("bad.conf")));
    QVERIFY(conf.open(QIODevice::WriteOnly));
    conf.write("# fine\nlisten = 127.0.0.1:0\nthreads = 4\n");
    conf.close();
    Run run = runHetschedd({QStringLiteral("--config"), conf.fileName()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.output.contains(conf.fileName() + QStringLiteral(":3: unknown key 'threads'")),
             qPrintable(run.output));

    run = runHetschedd({QStringLiteral("--config"), dir.filePath(QStringLiteral("absent.conf"))});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.output.contains(QStringLiteral("absent.conf: No such file")), qPrintable(run.output));
    run = runHetschedd({QStringLiteral("--config"), dir.path()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.output.contains(QStringLiteral("is a directory")), qPrintable(run.output));
  }
};

QTEST_GUILESS_MAIN(TestConfigFile)
#include "tst_config_file.moc"
