// TLS against the real gateway on loopback, with certificates made by
// openssl for the test (tests/support/test_pki): the right CA, a stranger's
// CA, an expired server certificate, mutual TLS with and without a client
// certificate; then hetschedd, the CLI and an agent over TLS as processes.
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/client/gateway_channel.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "test_pki.h"

#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTest>
#include <chrono>
#include <csignal>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <sched.h>
#include <signal.h>
#include <string>
#include <sys/stat.h>
#include <tuple>
#include <utility>

using namespace hetsched;
using hetsched::test::TestPki;

namespace {

const std::string kOperator = "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd";
const std::string kAgent = "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

SimOptions smallCluster() {
  SimOptions options;
  options.shape = defaultClusterShape(2, 2, 1);
  options.warmupS = 0.0;
  return options;
}

quint16 freePort() {
  QTcpServer probe;
  probe.listen(QHostAddress::LocalHost, 0);
  return probe.serverPort();
}

// GetPolicy over a channel with these credentials; its status.
grpc::Status getPolicy(const std::string& address, const ChannelSecurity& security) {
  auto stub = v1::PolicyService::NewStub(makeGatewayChannel(address, security));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  addBearerToken(context, security);
  v1::GetPolicyResponse response;
  return stub->GetPolicy(&context, {}, &response);
}

}  // namespace

class TestGatewayTls : public QObject {
  Q_OBJECT

  TestPki m_pki;

  std::unique_ptr<Gateway> start(const QString& cert, const QString& key, const QString& clientCa = {},
                                 const std::string& listen = "127.0.0.1:0") {
    GatewayOptions options;
    options.listen = listen;
    options.tls = ServerTls{TestPki::read(cert), TestPki::read(key), clientCa.isEmpty() ? "" : TestPki::read(clientCa)};
    options.tokens.add(kOperator, Role::Operator, "alice");
    auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(smallCluster()), options);
    std::string error;
    if (!gateway->start(&error)) qFatal("gateway: %s", error.c_str());
    return gateway;
  }

  ChannelSecurity trusting(const QString& ca) const {
    ChannelSecurity s;
    s.tls = true;
    s.caPem = TestPki::read(ca);
    s.bearerToken = kOperator;
    return s;
  }

  static std::string loopback(const Gateway& gateway) { return "127.0.0.1:" + std::to_string(gateway.port()); }

 private Q_SLOTS:
  void initTestCase() { QVERIFY2(m_pki.ok(), qPrintable(m_pki.error())); }

  void clientsThatTrustTheCaAreServed() {
    const auto gateway = start(m_pki.serverCert(), m_pki.serverKey());
    const grpc::Status status = getPolicy(loopback(*gateway), trusting(m_pki.caPem()));
    QVERIFY2(status.ok(), status.error_message().c_str());
    // By name too: the certificate holds DNS:localhost.
    ChannelSecurity named = trusting(m_pki.caPem());
    named.serverName = "localhost";
    QVERIFY(getPolicy(loopback(*gateway), named).ok());
  }

  void aStrangersCaIsRefused() {
    const auto gateway = start(m_pki.serverCert(), m_pki.serverKey());
    QCOMPARE(getPolicy(loopback(*gateway), trusting(m_pki.strangerCaPem())).error_code(),
             grpc::StatusCode::UNAVAILABLE);
  }

  void plaintextToTlsIsRefused() {
    const auto gateway = start(m_pki.serverCert(), m_pki.serverKey());
    ChannelSecurity plain;
    plain.bearerToken = kOperator;
    QCOMPARE(getPolicy(loopback(*gateway), plain).error_code(), grpc::StatusCode::UNAVAILABLE);
  }

  void anExpiredServerCertificateIsRefused() {
    const auto gateway = start(m_pki.expiredCert(), m_pki.path(QStringLiteral("expired.key")));
    QCOMPARE(getPolicy(loopback(*gateway), trusting(m_pki.caPem())).error_code(), grpc::StatusCode::UNAVAILABLE);
  }

  void aNameTheCertificateDoesNotHoldIsRefused() {
    const auto gateway = start(m_pki.serverCert(), m_pki.serverKey());
    ChannelSecurity other = trusting(m_pki.caPem());
    other.serverName = "gateway.example";
    QCOMPARE(getPolicy(loopback(*gateway), other).error_code(), grpc::StatusCode::UNAVAILABLE);
  }

  void mutualTlsNeedsAClientCertificateFromItsCa() {
    const auto gateway = start(m_pki.serverCert(), m_pki.serverKey(), m_pki.caPem());
    ChannelSecurity none = trusting(m_pki.caPem());
    QCOMPARE(getPolicy(loopback(*gateway), none).error_code(), grpc::StatusCode::UNAVAILABLE);
    ChannelSecurity stranger = trusting(m_pki.caPem());
    stranger.certPem = TestPki::read(m_pki.strangerClientCert());
    stranger.keyPem = TestPki::read(m_pki.strangerClientKey());
    QCOMPARE(getPolicy(loopback(*gateway), stranger).error_code(), grpc::StatusCode::UNAVAILABLE);
    ChannelSecurity ours = trusting(m_pki.caPem());
    ours.certPem = TestPki::read(m_pki.clientCert());
    ours.keyPem = TestPki::read(m_pki.clientKey());
    const grpc::Status status = getPolicy(loopback(*gateway), ours);
    QVERIFY2(status.ok(), status.error_message().c_str());
  }

  // With TLS the gateway may listen beyond loopback without --insecure;
  // reads there need a token.
  void beyondLoopbackWithTlsNeedsTokensForReads() {
    const auto gateway = start(m_pki.serverCert(), m_pki.serverKey(), {}, "0.0.0.0:0");
    ChannelSecurity anonymous = trusting(m_pki.caPem());
    anonymous.bearerToken.clear();
    QCOMPARE(getPolicy(loopback(*gateway), anonymous).error_code(), grpc::StatusCode::UNAUTHENTICATED);
    QVERIFY(getPolicy(loopback(*gateway), trusting(m_pki.caPem())).ok());
  }

  void mismatchedKeyIsRefusedAtStart() {
    GatewayOptions options;
    options.tls = ServerTls{TestPki::read(m_pki.serverCert()), TestPki::read(m_pki.clientKey()), ""};
    Gateway gateway(std::make_unique<SimulatedCluster>(smallCluster()), options);
    std::string error;
    QVERIFY(!gateway.start(&error));
    QVERIFY2(error.find("TLS certificate and key") != std::string::npos, error.c_str());
  }

  // hetschedd --tls-cert/--tls-key/--client-ca, `hetsched policy` with
  // --ca/--cert/--key, and an agent over mutual TLS with an agent token.
  void processesOverMutualTls() {
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    QFile file(tokens);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(kOperator + " operator alice\n" + kAgent + " agent node-agents\n"));
    file.close();
    ::chmod(tokens.toLocal8Bit().constData(), 0600);
    const QString agentToken = dir.filePath(QStringLiteral("agent-token"));
    QFile agentFile(agentToken);
    QVERIFY(agentFile.open(QIODevice::WriteOnly));
    agentFile.write(QByteArray::fromStdString(kAgent));
    agentFile.close();

    const QString address = QStringLiteral("127.0.0.1:%1").arg(freePort());
    QProcess gateway;
    gateway.setProgram(QStringLiteral(HETSCHEDD_PATH));
    gateway.setArguments({QStringLiteral("--listen"), address, QStringLiteral("--source"), QStringLiteral("agents"),
                          QStringLiteral("--agent-period-ms"), QStringLiteral("200"), QStringLiteral("--state"),
                          QStringLiteral("none"), QStringLiteral("--metrics-listen"), QStringLiteral("none"),
                          QStringLiteral("--tokens"), tokens, QStringLiteral("--tls-cert"), m_pki.serverCert(),
                          QStringLiteral("--tls-key"), m_pki.serverKey(), QStringLiteral("--client-ca"),
                          m_pki.caPem()});
    gateway.start();
    QVERIFY(gateway.waitForStarted(5000));
    QString out;
    while (!out.contains(QLatin1String("listening on")) && gateway.waitForReadyRead(10000))
      out += QString::fromUtf8(gateway.readAllStandardOutput());
    QVERIFY2(out.contains(QLatin1String("with mutual TLS")), qPrintable(out + gateway.readAllStandardError()));

    const QStringList mtls{QStringLiteral("--ca"), m_pki.caPem(),           QStringLiteral("--cert"),
                           m_pki.clientCert(),     QStringLiteral("--key"), m_pki.clientKey()};
    QProcess agent;
    agent.setProgram(QStringLiteral(HETSCHEDD_PATH));
    agent.setArguments(QStringList{QStringLiteral("--agent"), QStringLiteral("--report-to"), address,
                                   QStringLiteral("--node-id"), QStringLiteral("tls-node"),
                                   QStringLiteral("--agent-period-ms"), QStringLiteral("200"),
                                   QStringLiteral("--nvml-library"), QStringLiteral("none"),
                                   QStringLiteral("--token-file"), agentToken} +
                       mtls);
    agent.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    agent.start();
    QVERIFY(agent.waitForStarted(5000));

    const auto cli = [&](const QStringList& args) {
      QProcess p;
      p.setProcessChannelMode(QProcess::MergedChannels);
      p.start(QStringLiteral(HETSCHED_CLI), args);
      p.waitForFinished(30000);
      return std::pair<int, QString>(p.exitCode(), QString::fromUtf8(p.readAll()));
    };
    const QStringList get{QStringLiteral("policy"), QStringLiteral("history"), QStringLiteral("--connect"), address};
    auto [code, text] = cli(get + mtls + QStringList{QStringLiteral("--token"), QString::fromStdString(kOperator)});
    QVERIFY2(code == 0 && text.contains(QLatin1String("initial")), qPrintable(text));
    std::tie(code, text) = cli(get + QStringList{QStringLiteral("--ca"), m_pki.caPem(), QStringLiteral("--token"),
                                                 QString::fromStdString(kOperator)});
    QVERIFY2(code != 0, qPrintable(text));  // no client certificate
    std::tie(code, text) = cli(get);
    QVERIFY2(code != 0, qPrintable(text));  // plaintext

    // The agent's node appears: its reports crossed mutual TLS with its token.
    ChannelSecurity secure = trusting(m_pki.caPem());
    secure.certPem = TestPki::read(m_pki.clientCert());
    secure.keyPem = TestPki::read(m_pki.clientKey());
    auto stub = v1::ClusterService::NewStub(makeGatewayChannel(address.toStdString(), secure));
    bool seen = false;
    for (int i = 0; i < 100 && !seen; ++i) {
      grpc::ClientContext context;
      addBearerToken(context, secure);
      v1::Topology topology;
      if (stub->GetTopology(&context, {}, &topology).ok())
        for (const auto& node : topology.nodes()) seen = seen || node.name() == "tls-node";
      if (!seen) QTest::qWait(100);
    }
    QVERIFY(seen);
    agent.terminate();
    QVERIFY(agent.waitForFinished(5000));
    ::kill(static_cast<pid_t>(gateway.processId()), SIGTERM);
    QVERIFY(gateway.waitForFinished(10000));
    QCOMPARE(gateway.exitCode(), 0);
  }
};

QTEST_GUILESS_MAIN(TestGatewayTls)
#include "tst_gateway_tls.moc"
