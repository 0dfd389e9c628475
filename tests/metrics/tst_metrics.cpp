// The gateway's /metrics: the seed's request-duration histogram per gRPC
// method (buckets in seconds), per-kind utilisation, queue length per class
// and connected consoles, scraped over HTTP from a live gateway.
#include "cluster/simulated_cluster.h"
#include "gateway/gateway.h"
#include "hetsched.grpc.pb.h"
#include "metrics/metrics_registry.h"

#include <grpcpp/grpcpp.h>
#include <httplib.h>

#include <QTcpServer>
#include <QTest>

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
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.050000000000000003"))), 3.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.10000000000000001"))), 3.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.20000000000000001"))), 4.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("0.5"))), 5.0);
    QCOMPARE(sampleValue(text, b.arg(QStringLiteral("+Inf"))), 6.0);
    QCOMPARE(sampleValue(text, QStringLiteral("hetsched_grpc_request_duration_seconds_count{method=\"/x/Y\"}")), 6.0);
    QVERIFY(qAbs(sampleValue(text, QStringLiteral("hetsched_grpc_request_duration_seconds_sum{method=\"/x/Y\"}")) -
                 2.495) < 1e-6);
    QVERIFY(text.contains(QStringLiteral("# TYPE hetsched_grpc_request_duration_seconds histogram")));
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
    QVERIFY(QString::fromStdString(response->get_header_value("Content-Type")).startsWith(QStringLiteral("text/plain")));
    const QString text = QString::fromStdString(response->body);
    QCOMPARE(sampleValue(text, QStringLiteral("hetsched_grpc_request_duration_seconds_count{method=\"/hetsched.v1."
                                              "ClusterService/GetTopology\"}")),
             3.0);
    QCOMPARE(sampleValue(text, QStringLiteral("hetsched_connected_consoles")), 1.0);
    for (const char* kind : {"cpu", "gpu", "tpu"}) {
      const double u = sampleValue(text, QStringLiteral("hetsched_device_utilization{kind=\"%1\"}").arg(QLatin1String(kind)));
      QVERIFY2(u >= 0.0 && u <= 1.0, kind);
    }
    QVERIFY(sampleValue(text, QStringLiteral("hetsched_queue_length{class=\"high\"}")) >= 0.0);
    watchContext.TryCancel();
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
