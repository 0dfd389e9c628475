// The gateway's /metrics: the seed's request-duration histogram per gRPC
// method (buckets in seconds), per-kind utilisation, queue length per class
// and connected consoles, scraped over HTTP from a live gateway and checked
// with Prometheus' own `promtool check metrics` (Debian's prometheus package;
// the test fails without it).
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/gateway/gateway.h"
#include "serve/metrics/histogram.h"
#include "serve/metrics/metrics_registry.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTest>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <httplib.h>
#include <limits>
#include <memory>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

double sampleValue(const QString& exposition, const QString& series) {
  for (const QString& line : exposition.split(QLatin1Char('\n'))) {
    if (line.startsWith(series + QLatin1Char(' '))) return line.section(QLatin1Char(' '), -1).toDouble();
  }
  return -1.0;
}

}  // namespace

class TestMetrics : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void histogramIsCumulativeWithSeedBuckets() {
    MetricsRegistry registry;
    Histogram& h = registry.requestDuration("/x/Y");
    for (const double v : {0.005, 0.02, 0.02, 0.15, 0.3, 2.0}) h.observe(v);
    const QString text = QString::fromStdString(registry.exposition());
    const QString b = QStringLiteral("hetsched_grpc_request_duration_seconds_bucket{method=\"/x/Y\",le=\"%1\"}");
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.01"))), 1.0);
    // Bounds as Prometheus' clients write them: a rule selecting le="0.05"
    // matches the label's text, not its value.
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.05"))), 3.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.1"))), 3.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.2"))), 4.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.5"))), 5.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("+Inf"))), 6.0);
    QCOMPARE(sampleValue(text, QStringLiteral("hetsched_grpc_request_duration_seconds_count{method=\"/x/Y\"}")), 6.0);
    QVERIFY(qAbs(sampleValue(text, QStringLiteral("hetsched_grpc_request_duration_seconds_sum{method=\"/x/Y\"}")) -
                 2.495) < 1e-6);
    QVERIFY(text.contains(QStringLiteral("# TYPE hetsched_grpc_request_duration_seconds histogram")));
    QVERIFY2(!text.contains(QStringLiteral("0000000")), qPrintable(text));
  }

  // Gauge values in the Go client's form (strconv 'g', shortest): exponent
  // form below 1e-4 and from 1e6 up, the shortest digits that read back.
  void numbersAreShortestRoundTrip_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("written");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0");
    QTest::newRow("one") << 1.0 << QStringLiteral("1");
    QTest::newRow("negative") << -2.5 << QStringLiteral("-2.5");
    QTest::newRow("tenth") << 0.1 << QStringLiteral("0.1");
    QTest::newRow("sum of tenths") << 0.1 + 0.2 << QStringLiteral("0.30000000000000004");
    QTest::newRow("small") << 0.0001 << QStringLiteral("0.0001");
    QTest::newRow("smaller") << 0.00001 << QStringLiteral("1e-05");
    QTest::newRow("below a million") << 999999.0 << QStringLiteral("999999");
    QTest::newRow("a million") << 1e6 << QStringLiteral("1e+06");
    QTest::newRow("bytes") << 2240856.0 << QStringLiteral("2.240856e+06");
    QTest::newRow("infinity") << std::numeric_limits<double>::infinity() << QStringLiteral("+Inf");
    QTest::newRow("minus infinity") << -std::numeric_limits<double>::infinity() << QStringLiteral("-Inf");
    QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("NaN");
  }
  void numbersAreShortestRoundTrip() {
    QFETCH(double, value);
    QFETCH(QString, written);
    MetricsRegistry registry;
    registry.addGauge("g", "A gauge.", [value] { return std::vector<GaugeSample>{{{}, value}}; });
    const QString text = QString::fromStdString(registry.exposition());
    QVERIFY2(text.contains(QStringLiteral("\ng ") + written + QLatin1Char('\n')), qPrintable(text));
  }

  void gatewayServesMetrics() {
    SimOptions sim;
    sim.shape = defaultClusterShape(2, 2, 1);
    sim.warmupS = 600;
    GatewayOptions options;
    options.metricsListen = "127.0.0.1:0";
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    QVERIFY(gateway.metricsPort() > 0);

    auto stub = v1::ClusterService::NewStub(grpc::CreateChannel(gateway.address(), grpc::InsecureChannelCredentials()));
    for (int i = 0; i < 3; ++i) {
      grpc::ClientContext context;
      v1::Topology topology;
      QVERIFY(stub->GetTopology(&context, {}, &topology).ok());
    }
    grpc::ClientContext watchContext;
    auto reader = stub->WatchFrames(&watchContext, {});
    v1::Frame frame;
    QVERIFY(reader->Read(&frame));

    httplib::Client http("127.0.0.1", gateway.metricsPort());
    const auto response = http.Get("/metrics");
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    QVERIFY(
        QString::fromStdString(response->get_header_value("Content-Type")).startsWith(QStringLiteral("text/plain")));
    const QString text = QString::fromStdString(response->body);
    QCOMPARE(sampleValue(text, QStringLiteral("hetsched_grpc_request_duration_seconds_count{method=\"/hetsched.v1."
                                              "ClusterService/GetTopology\"}")),
             3.0);
    QCOMPARE(sampleValue(text, QStringLiteral("hetsched_connected_consoles")), 1.0);
    for (const char* kind : {"cpu", "gpu", "tpu"}) {
      const double u =
          sampleValue(text, QStringLiteral("hetsched_device_utilization{kind=\"%1\"}").arg(QLatin1String(kind)));
      QVERIFY2(u >= 0.0 && u <= 1.0, kind);
    }
    QVERIFY(sampleValue(text, QStringLiteral("hetsched_queue_length{class=\"high\"}")) >= 0.0);
    QVERIFY(text.contains(QStringLiteral("GetTopology\",le=\"0.05\"} 3\n")));
    watchContext.TryCancel();

    // Prometheus' own parser and linter on the scrape.
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    QVERIFY2(!promtool.isEmpty(), "promtool is not installed (Debian's prometheus; run scripts/bootstrap)");
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
    QVERIFY(check.waitForStarted(5000));
    check.write(response->body.data(), static_cast<qint64>(response->body.size()));
    check.closeWriteChannel();
    QVERIFY(check.waitForFinished(30000));
    const QByteArray said = check.readAll();
    QVERIFY2(check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0, said.constData());
    QVERIFY2(said.trimmed().isEmpty(), said.constData());
  }

  void busyMetricsPortIsAClearError() {
    QTcpServer blocker;
    QVERIFY(blocker.listen(QHostAddress::LocalHost, 0));
    const int port = blocker.serverPort();
    GatewayOptions options;
    options.metricsListen = "127.0.0.1:" + std::to_string(port);
    SimOptions sim;
    sim.shape = defaultClusterShape(1, 1, 1);
    sim.warmupS = 0;
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY(!gateway.start(&error));
    QVERIFY2(QString::fromStdString(error).contains(QStringLiteral("/metrics")), error.c_str());
  }
};

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
