// Agent mode end to end on loopback: a gateway with --source agents (in
// process) and two real `hetschedd --agent` processes with different node
// ids, watched through the console's own connection. Killing an agent marks
// its node down after three missed periods; restarting it brings it back.
// Also: what the gateway answers to malformed reports and to the wrong source.
#include "base/model/frame.h"
#include "base/model/topology.h"
#include "cluster_connection.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/agent_cluster.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <cstddef>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

constexpr int kPeriodMs = 200;
// ReportMetrics needs an agent (or operator) token.
const std::string kAgentToken = "0123456789abcdef0123456789abcdef-agents";

std::unique_ptr<v1::ClusterService::Stub> rawStub(const std::string& address) {
  return v1::ClusterService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
}

// Sends the reports on one stream and returns how the gateway ended it.
grpc::Status sendReports(const std::string& address, const std::vector<v1::ResourceMetrics>& reports,
                         v1::ReportAck* ack, const std::string& token = kAgentToken) {
  auto stub = rawStub(address);
  grpc::ClientContext context;
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  auto writer = stub->ReportMetrics(&context, ack);
  for (const auto& r : reports) {
    if (!writer->Write(r)) break;
  }
  writer->WritesDone();
  return writer->Finish();
}

v1::ResourceMetrics goodReport(const std::string& id) {
  v1::ResourceMetrics r;
  r.set_node_id(id);
  r.set_cpu_usage(0.5);
  r.set_memory_total_bytes(1 << 30);
  r.set_memory_free_bytes(1 << 29);
  r.set_timestamp_ms(1);
  return r;
}

}  // namespace

class TestAgentsE2e : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<Gateway> m_gateway;
  QString m_address;
  QTemporaryDir m_tmp;

  QString tokenFile(const std::string& token) {
    const QString path = m_tmp.filePath(QStringLiteral("agent-token-%1").arg(qHash(QByteArray::fromStdString(token))));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) file.write(QByteArray::fromStdString(token + "\n"));
    return path;
  }

  void startAgent(QProcess& agent, const QString& nodeId, const std::string& token = kAgentToken) {
    agent.setProgram(QStringLiteral(HETSCHEDD_PATH));
    agent.setArguments({QStringLiteral("--agent"), QStringLiteral("--report-to"), m_address,
                        QStringLiteral("--node-id"), nodeId, QStringLiteral("--agent-period-ms"),
                        QString::number(kPeriodMs), QStringLiteral("--nvml-library"), QStringLiteral("none"),
                        QStringLiteral("--token-file"), tokenFile(token)});
    agent.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    agent.start();
    QVERIFY(agent.waitForStarted(5000));
  }

  // The node's up flag in the newest frame the console has, or -1 while the
  // console does not know the node yet.
  static int nodeUp(ClusterConnection& connection, const std::shared_ptr<const Frame>& frame, const QString& name) {
    const auto topology = connection.topology();
    if (!topology || !frame || frame->topologyVersion != topology->version) return -1;
    for (std::size_t n = 0; n < topology->nodes.size(); ++n) {
      if (topology->nodes[n].name == name.toStdString()) return frame->nodeUp[n];
    }
    return -1;
  }

  static bool waitForNode(ClusterConnection& connection, std::shared_ptr<const Frame>& latest, const QString& name,
                          int up, int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
      if (auto f = connection.takeFrame()) latest = f;
      if (nodeUp(connection, latest, name) == up) return true;
      QTest::qWait(20);
    }
    return false;
  }

 private Q_SLOTS:
  void initTestCase() {
    GatewayOptions options;
    options.tokens.add("agents-operator", Role::Operator, "e2e");
    options.tokens.add(kAgentToken, Role::Agent, "e2e-agents");
    m_gateway = std::make_unique<Gateway>(std::make_unique<AgentCluster>(kPeriodMs), std::move(options));
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    m_address = QString::fromStdString(m_gateway->address());
  }

  void cleanupTestCase() { m_gateway.reset(); }

  void twoAgentsOneDiesAndReturns() {
    ClusterConnection console(m_address);
    console.start();
    QProcess alpha, beta;
    startAgent(alpha, QStringLiteral("alpha"));
    startAgent(beta, QStringLiteral("beta"));
    std::shared_ptr<const Frame> latest;
    QVERIFY(waitForNode(console, latest, QStringLiteral("alpha"), 1, 10000));
    QVERIFY(waitForNode(console, latest, QStringLiteral("beta"), 1, 10000));
    const auto topology = console.topology();
    QCOMPARE(topology->source, std::string("agents"));
    QCOMPARE(topology->nodes.size(), std::size_t(2));
    for (const NodeInfo& node : topology->nodes) {
      QVERIFY(node.memoryMib > 0);  // this host's real memory
      QVERIFY(node.deviceCount >= 1);
    }

    beta.kill();  // SIGKILL: no goodbye on the stream
    QVERIFY(beta.waitForFinished(5000));
    QElapsedTimer sinceKill;
    sinceKill.start();
    QVERIFY(waitForNode(console, latest, QStringLiteral("beta"), 0, 5000));
    // Down only after three missed periods (less one period of stream slack).
    QVERIFY2(sinceKill.elapsed() >= qint64{2} * kPeriodMs, qPrintable(QString::number(sinceKill.elapsed())));
    QCOMPARE(nodeUp(console, latest, QStringLiteral("alpha")), 1);

    startAgent(beta, QStringLiteral("beta"));
    QVERIFY(waitForNode(console, latest, QStringLiteral("beta"), 1, 10000));
    QCOMPARE(console.topology()->nodes.size(), std::size_t(2));  // the same node, not a new one

    alpha.terminate();
    beta.terminate();
    QVERIFY(alpha.waitForFinished(5000));
    QVERIFY(beta.waitForFinished(5000));
    QCOMPARE(alpha.exitCode(), 0);
  }

  // An agent with a wrong token, or a viewer's, is told so and stops: a
  // token does not fix itself by retrying.
  void agentWithoutAnAgentTokenIsRefusedAndStops() {
    QProcess agent;
    startAgent(agent, QStringLiteral("intruder"), "ffffffffffffffffffffffffffffffff-not-a-token");
    QVERIFY(agent.waitForFinished(10000));
    QCOMPARE(agent.exitCode(), 1);
    v1::ReportAck ack;
    QCOMPARE(sendReports(m_address.toStdString(), {goodReport("intruder")}, &ack, "").error_code(),
             grpc::StatusCode::UNAUTHENTICATED);
    QCOMPARE(sendReports(m_address.toStdString(), {goodReport("intruder")}, &ack, "agents-operator").error_code(),
             grpc::StatusCode::OK);  // operators may do anything
  }

  void malformedReportsNameTheField_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("field");
    QTest::newRow("node id") << 0 << "node_id:";
    QTest::newRow("cpu usage") << 1 << "cpu_usage:";
    QTest::newRow("too many devices") << 2 << "devices:";
    QTest::newRow("device kind") << 3 << "devices[0].kind:";
    QTest::newRow("device utilisation") << 4 << "devices[0].utilization:";
  }

  void malformedReportsNameTheField() {
    QFETCH(int, which);
    QFETCH(QString, field);
    v1::ResourceMetrics r = goodReport("gamma");
    switch (which) {
      case 0: r.set_node_id("bad id with spaces"); break;
      case 1: r.set_cpu_usage(7); break;
      case 2:
        for (int i = 0; i < 1000; ++i) r.add_devices()->set_kind(v1::DEVICE_KIND_CPU);
        break;
      case 3: r.add_devices()->set_kind(static_cast<v1::DeviceKind>(42)); break;
      case 4: {
        auto* d = r.add_devices();
        d->set_kind(v1::DEVICE_KIND_GPU);
        d->set_utilization(1.5);
        break;
      }
      default: QFAIL(qPrintable(QStringLiteral("no malformed report for row %1").arg(which)));
    }
    v1::ReportAck ack;
    const grpc::Status status =
        sendReports(m_address.toStdString(), {goodReport("gamma"), r, goodReport("gamma")}, &ack);
    QCOMPARE(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    QVERIFY2(QString::fromStdString(status.error_message()).startsWith(field), status.error_message().c_str());
  }

  void wellFormedStreamIsAcknowledged() {
    v1::ReportAck ack;
    const grpc::Status status = sendReports(m_address.toStdString(), {goodReport("delta"), goodReport("delta")}, &ack);
    QVERIFY2(status.ok(), status.error_message().c_str());
    QCOMPARE(ack.reports_accepted(), 2u);
  }

  void jobsAreRefused() {
    auto stub = rawStub(m_address.toStdString());
    grpc::ClientContext context;
    v1::SubmitJobRequest request;
    request.mutable_spec()->set_name("x");
    request.mutable_spec()->set_kind(v1::JOB_KIND_BATCH);
    request.mutable_spec()->set_priority(v1::PRIORITY_CLASS_LOW);
    request.mutable_spec()->set_qos(v1::QOS_BEST_EFFORT);
    request.mutable_spec()->mutable_requests()->set_cpu_milli(1000);
    request.mutable_spec()->set_estimated_runtime_s(10);
    context.AddMetadata("authorization", "Bearer agents-operator");
    v1::SubmitJobResponse response;
    const grpc::Status status = stub->SubmitJob(&context, request, &response);
    QCOMPARE(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  }

  void simulatedGatewayRefusesReports() {
    SimOptions sim;
    sim.shape = defaultClusterShape(1, 1, 1);
    GatewayOptions options;
    options.tokens.add(kAgentToken, Role::Agent, "e2e-agents");
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), std::move(options));
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    v1::ReportAck ack;
    const grpc::Status status = sendReports(gateway.address(), {goodReport("x")}, &ack);
    QCOMPARE(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  }
};

QTEST_GUILESS_MAIN(TestAgentsE2e)
#include "tst_agents_e2e.moc"
