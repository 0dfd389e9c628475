// The prometheus source against a real Prometheus: the test starts Debian's
// `prometheus` and `prometheus-node-exporter` on free loopback ports with a
// generated config (1 s scrapes, storage in a temp dir), serves two fake GPUs
// in dcgm-exporter's text format itself, and lets Prometheus scrape a
// gateway's own /metrics too. Once Prometheus has the data, a gateway with
// the prometheus source serves it, and what the console's connection shows
// is checked against what the Prometheus API says. Missing binaries fail the
// test: scripts/bootstrap installs them.
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/topology.h"
#include "cluster_connection.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/client/cluster_client.h"
#include "serve/client/snapshot_fetcher.h"
#include "serve/gateway/gateway.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "sources/prometheus/prom_result.h"
#include "sources/prometheus/prometheus_api.h"
#include "sources/prometheus/prometheus_cluster.h"
#include "sources/prometheus/prometheus_queries.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <httplib.h>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

quint16 freePort() {
  QTcpServer probe;
  probe.listen(QHostAddress::LocalHost, 0);
  return probe.serverPort();
}

struct FakeGpu {
  int index;
  double util;  // percent
  double fbUsedMib;
  double fbFreeMib;
  double powerW;
  double tempC;
};
constexpr FakeGpu kGpus[] = {{0, 37, 12000, 28960, 212.5, 55}, {1, 81, 30000, 10960, 301.25, 67}};
constexpr const char* kModel = "NVIDIA A100-SXM4-40GB";

// dcgm-exporter's exposition: one family per field, labelled by gpu, UUID,
// device, modelName and Hostname.
std::string dcgmExposition(const std::string& host) {
  std::string out;
  const auto family = [&](const char* name, const char* type, const char* help, double FakeGpu::* field) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
    for (const FakeGpu& g : kGpus) {
      out += std::string(name) + "{gpu=\"" + std::to_string(g.index) + "\",UUID=\"GPU-fake-" + std::to_string(g.index) +
             "\",device=\"nvidia" + std::to_string(g.index) + "\",modelName=\"" + kModel + "\",Hostname=\"" + host +
             "\"} " + std::to_string(g.*field) + "\n";
    }
  };
  family("DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %).", &FakeGpu::util);
  family("DCGM_FI_DEV_FB_USED", "gauge", "Framebuffer memory used (in MiB).", &FakeGpu::fbUsedMib);
  family("DCGM_FI_DEV_FB_FREE", "gauge", "Framebuffer memory free (in MiB).", &FakeGpu::fbFreeMib);
  family("DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W).", &FakeGpu::powerW);
  family("DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C).", &FakeGpu::tempC);
  return out;
}

bool waitForListening(QProcess& process, quint16 port, int timeoutMs) {
  QDeadlineTimer deadline(timeoutMs);
  while (!deadline.hasExpired() && process.state() == QProcess::Running) {
    httplib::Client probe("127.0.0.1", port);
    probe.set_connection_timeout(0, 200000);
    if (probe.Get("/")) return true;
    QTest::qWait(100);
  }
  return false;
}

double single(PrometheusApi& api, const std::string& expr) {
  auto result = api.query(expr);
  if (!std::holds_alternative<std::vector<PromSample>>(result)) return -1;
  const auto& samples = std::get<std::vector<PromSample>>(result);
  return samples.size() == 1 ? samples[0].value : -1;
}

}  // namespace

class TestPrometheusSource : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir m_dir;
  QProcess m_prometheus, m_nodeExporter;
  httplib::Server m_dcgm;
  std::thread m_dcgmThread;
  std::unique_ptr<Gateway> m_scraped;  // a gateway whose /metrics Prometheus scrapes
  quint16 m_promPort = 0, m_nodePort = 0, m_dcgmPort = 0;
  std::string m_host;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(m_promPort); }

 private Q_SLOTS:
  void initTestCase() {
    const QString prometheus = QStandardPaths::findExecutable(QStringLiteral("prometheus"));
    const QString nodeExporter = QStandardPaths::findExecutable(QStringLiteral("prometheus-node-exporter"));
    QVERIFY2(!prometheus.isEmpty(), "prometheus is not installed (run scripts/bootstrap)");
    QVERIFY2(!nodeExporter.isEmpty(), "prometheus-node-exporter is not installed (run scripts/bootstrap)");
    QVERIFY(m_dir.isValid());
    m_host = QSysInfo::machineHostName().toStdString();

    m_dcgm.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
      res.set_content(dcgmExposition(m_host), "text/plain; version=0.0.4");
    });
    m_dcgmPort = static_cast<quint16>(m_dcgm.bind_to_any_port("127.0.0.1"));
    QVERIFY(m_dcgmPort > 0);
    m_dcgmThread = std::thread([this] { m_dcgm.listen_after_bind(); });

    SimOptions sim;
    sim.shape = defaultClusterShape(1, 1, 0);
    GatewayOptions gatewayOptions;
    gatewayOptions.metricsListen = "127.0.0.1:0";
    m_scraped = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), gatewayOptions);
    std::string error;
    QVERIFY2(m_scraped->start(&error), error.c_str());
    {  // one request, so that its duration histogram is there to scrape
      auto stub =
          v1::ClusterService::NewStub(grpc::CreateChannel(m_scraped->address(), grpc::InsecureChannelCredentials()));
      grpc::ClientContext context;
      v1::Topology topology;
      QVERIFY(stub->GetTopology(&context, {}, &topology).ok());
    }

    m_nodePort = freePort();
    m_nodeExporter.setProgram(nodeExporter);
    m_nodeExporter.setArguments({QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(m_nodePort),
                                 QStringLiteral("--collector.disable-defaults"), QStringLiteral("--collector.cpu"),
                                 QStringLiteral("--collector.meminfo"), QStringLiteral("--collector.uname")});
    m_nodeExporter.setProcessChannelMode(QProcess::MergedChannels);
    m_nodeExporter.start();
    QVERIFY(m_nodeExporter.waitForStarted(5000));
    QVERIFY2(waitForListening(m_nodeExporter, m_nodePort, 10000), m_nodeExporter.readAll().constData());

    m_promPort = freePort();
    const QString config = m_dir.filePath(QStringLiteral("prometheus.yml"));
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral("global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                              "scrape_configs:\n"
                              "  - job_name: node\n    static_configs: [{targets: ['127.0.0.1:%1']}]\n"
                              "  - job_name: dcgm\n    static_configs: [{targets: ['127.0.0.1:%2']}]\n"
                              "  - job_name: hetsched\n    static_configs: [{targets: ['127.0.0.1:%3']}]\n")
                   .arg(m_nodePort)
                   .arg(m_dcgmPort)
                   .arg(m_scraped->metricsPort())
                   .toUtf8());
    file.close();
    m_prometheus.setProgram(prometheus);
    m_prometheus.setArguments({QStringLiteral("--config.file=") + config,
                               QStringLiteral("--storage.tsdb.path=") + m_dir.filePath(QStringLiteral("data")),
                               QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(m_promPort)});
    m_prometheus.setProcessChannelMode(QProcess::MergedChannels);
    m_prometheus.start();
    QVERIFY(m_prometheus.waitForStarted(5000));
    QVERIFY2(waitForListening(m_prometheus, m_promPort, 20000), m_prometheus.readAll().right(2000).constData());

    // Ready when every target is up and rate() has two scrapes to work with.
    auto api = std::get<std::unique_ptr<PrometheusApi>>(PrometheusApi::create(url()));
    QDeadlineTimer deadline(30000);
    bool ready = false;
    while (!deadline.hasExpired() && !ready) {
      ready = single(*api, "count(up == 1)") == 3 && single(*api, "count(" + promql::cpuUsage("5s") + ")") == 1 &&
              single(*api, "count(DCGM_FI_DEV_GPU_UTIL)") == 2;
      if (!ready) QTest::qWait(250);
    }
    QVERIFY2(ready, "Prometheus did not scrape all three targets within 30 s");
  }

  void cleanupTestCase() {
    for (QProcess* p : {&m_prometheus, &m_nodeExporter}) {
      if (p->state() == QProcess::NotRunning) continue;
      p->terminate();
      if (!p->waitForFinished(5000)) p->kill();
    }
    m_dcgm.stop();
    if (m_dcgmThread.joinable()) m_dcgmThread.join();
    m_scraped.reset();
  }

  void consoleShowsWhatPrometheusHas() {
    PrometheusOptions options;
    options.url = url();
    options.rateWindow = "5s";
    options.agentPeriodMs = 250;
    auto created = PrometheusCluster::create(options);
    if (auto* e = std::get_if<PromError>(&created)) QFAIL(e->message().c_str());
    Gateway gateway(std::get<std::unique_ptr<PrometheusCluster>>(std::move(created)), GatewayOptions{});
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());

    ClusterConnection console(QString::fromStdString(gateway.address()));
    console.start();
    std::shared_ptr<const Frame> frame;
    QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired() &&
           !(frame && console.topology() && frame->topologyVersion == console.topology()->version)) {
      if (auto f = console.takeFrame()) frame = f;
      QTest::qWait(20);
    }
    QVERIFY(frame);
    const auto topology = console.topology();
    QVERIFY(topology);

    // The expected numbers, straight from Prometheus' API.
    auto api = std::get<std::unique_ptr<PrometheusApi>>(PrometheusApi::create(url()));
    auto uname = api->query("node_uname_info");
    QVERIFY(std::holds_alternative<std::vector<PromSample>>(uname));
    QCOMPARE(std::get<std::vector<PromSample>>(uname).size(), std::size_t(1));
    const std::string nodename = std::get<std::vector<PromSample>>(uname)[0].labels.at("nodename");
    QCOMPARE(nodename, m_host);  // the fake GPUs' Hostname: they join this node
    const double memTotal = single(*api, "node_memory_MemTotal_bytes");
    const double memAvailable = single(*api, "node_memory_MemAvailable_bytes");
    const double cpus = single(*api, promql::kCpuCount);
    const double cpuUse = single(*api, promql::cpuUsage("5s"));
    QVERIFY(memTotal > 0 && cpus >= 1 && cpuUse >= 0);

    QCOMPARE(topology->source, std::string("prometheus"));
    QCOMPARE(topology->nodes.size(), std::size_t(1));
    const NodeInfo& node = topology->nodes[0];
    QCOMPARE(node.name, nodename);
    QVERIFY(node.kind == DeviceKind::Gpu);
    QCOMPARE(node.deviceCount, 3u);
    QCOMPARE(node.memoryMib, static_cast<std::uint64_t>(memTotal) / (std::uint64_t{1024} * 1024));
    QCOMPARE(node.cpuMilli, static_cast<std::uint32_t>(cpus) * 1000);
    QVERIFY(topology->kindOf(0) == DeviceKind::Cpu);
    QCOMPARE(frame->nodeUp[0], std::uint8_t(1));
    // CPU use moves between our query and the source's; memory hardly does.
    QVERIFY2(qAbs(frame->utilization[0] - cpuUse) < 0.25,
             qPrintable(QStringLiteral("%1 vs %2").arg(frame->utilization[0]).arg(cpuUse)));
    QVERIFY(qAbs(frame->memoryUsed[0] - (1.0 - memAvailable / memTotal)) < 0.02);
    for (const FakeGpu& g : kGpus) {
      const std::size_t d = 1 + static_cast<std::size_t>(g.index);
      const std::string sel = "{Hostname=\"" + m_host + "\",gpu=\"" + std::to_string(g.index) + "\"}";
      QVERIFY(topology->kindOf(d) == DeviceKind::Gpu);
      QCOMPARE(topology->modelOf(d).name, std::string(kModel));
      QCOMPARE(topology->modelOf(d).memoryMib, static_cast<std::uint64_t>(g.fbUsedMib + g.fbFreeMib));
      // The wire carries utilisation in half-percent steps and power in whole watts.
      QVERIFY(qAbs(frame->utilization[d] - single(*api, "DCGM_FI_DEV_GPU_UTIL" + sel) / 100.0) <= 0.005);
      QVERIFY(qAbs(frame->memoryUsed[d] - single(*api, "DCGM_FI_DEV_FB_USED" + sel) / (g.fbUsedMib + g.fbFreeMib)) <
              1e-4);
      QVERIFY(qAbs(frame->powerWatts[d] - single(*api, "DCGM_FI_DEV_POWER_USAGE" + sel)) <= 1.0);
      QCOMPARE(frame->temperatureC[d], static_cast<float>(g.tempC));
    }
    // Prometheus also scraped the other gateway's /metrics.
    QCOMPARE(single(*api, "up{job=\"hetsched\"}"), 1.0);
    QVERIFY(single(*api, "hetsched_frame_sequence") >= 1.0);
  }

  // The gateway's bucket bounds as Prometheus stores them: a rule or a
  // dashboard selecting le="0.05", as Prometheus' own clients write it,
  // finds the gateway's bucket.
  void gatewayBucketsSelectByTheirText() {
    auto api = std::get<std::unique_ptr<PrometheusApi>>(PrometheusApi::create(url()));
    for (const char* le : {"0.01", "0.05", "0.1", "0.2", "0.5", "+Inf"}) {
      const std::string bucket = std::string("hetsched_grpc_request_duration_seconds_bucket{job=\"hetsched\",le=\"") +
                                 le + "\",method=\"/hetsched.v1.ClusterService/GetTopology\"}";
      QVERIFY2(single(*api, bucket) >= 0.0, bucket.c_str());
    }
  }

  void historyThroughQueryRange() {
    auto api = std::get<std::unique_ptr<PrometheusApi>>(PrometheusApi::create(url()));
    // rate() needs two scrapes inside its window, so history starts a little
    // after Prometheus does; give it a few seconds to hold three points.
    std::variant<std::vector<PromSeries>, PromError> cpu;
    QDeadlineTimer deadline(15000);
    double now = 0;
    do {
      if (now != 0) QTest::qWait(500);
      now = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
      cpu = cpuUsageHistory(*api, "5s", now - 10, now, 1);
      if (auto* e = std::get_if<PromError>(&cpu)) QFAIL(e->message().c_str());
      QCOMPARE(std::get<std::vector<PromSeries>>(cpu).size(), std::size_t(1));
    } while (std::get<std::vector<PromSeries>>(cpu)[0].points.size() < 3 && !deadline.hasExpired());
    QVERIFY(std::get<std::vector<PromSeries>>(cpu)[0].points.size() >= 3);
    for (const auto& [t, v] : std::get<std::vector<PromSeries>>(cpu)[0].points) QVERIFY(v >= 0.0 && v <= 1.0);
    auto gpu = gpuUtilizationHistory(*api, now - 5, now, 1);
    if (auto* e = std::get_if<PromError>(&gpu)) QFAIL(e->message().c_str());
    const auto& series = std::get<std::vector<PromSeries>>(gpu);
    QCOMPARE(series.size(), std::size_t(2));
    for (const PromSeries& s : series) {
      const double expected = s.labels.at("gpu") == "0" ? kGpus[0].util : kGpus[1].util;
      for (const auto& [t, v] : s.points) QCOMPARE(v, expected);
    }
    // Prometheus' own errors come back as values naming the query.
    auto bad = api->query("rate(");
    QVERIFY(std::holds_alternative<PromError>(bad));
    QVERIFY(std::get<PromError>(bad).message().find("rate(") != std::string::npos);
  }

  // A gateway over Prometheus starts with the past in its history ring:
  // frames from query_range in the live layout, before the first live one,
  // so a snapshot taken at once can be replayed back in time.
  void historyFillsTheRingAtStart() {
    PrometheusOptions options;
    options.url = url();
    options.rateWindow = "5s";
    options.agentPeriodMs = 1000;  // Prometheus scrapes every second here
    // rate() over 5 s needs a few scrapes: wait until range queries have points.
    auto api = std::get<std::unique_ptr<PrometheusApi>>(PrometheusApi::create(url()));
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
          const double now = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
          auto r = cpuUsageHistory(*api, "5s", now - 8, now - 1, 1);
          return std::holds_alternative<std::vector<PromSeries>>(r) && !std::get<std::vector<PromSeries>>(r).empty() &&
                 std::get<std::vector<PromSeries>>(r)[0].points.size() >= 4;
        }(),
        20000);

    auto created = PrometheusCluster::create(options);
    if (auto* e = std::get_if<PromError>(&created)) QFAIL(e->message().c_str());
    auto& cluster = *std::get<std::unique_ptr<PrometheusCluster>>(created);
    const std::vector<Frame> past = cluster.backfill(8.0);
    QVERIFY2(past.size() >= 3, std::to_string(past.size()).c_str());
    const Topology& topology = cluster.topology();
    const std::int64_t startMs = QDateTime::currentMSecsSinceEpoch();
    for (std::size_t i = 0; i < past.size(); ++i) {
      const Frame& f = past[i];
      QCOMPARE(f.topologyVersion, topology.version);
      QCOMPARE(f.deviceCount(), topology.devices.size());
      QVERIFY(f.wallTimeMs < startMs);
      QVERIFY(f.simTimeMs >= 0);
      if (i > 0) QVERIFY(f.wallTimeMs > past[i - 1].wallTimeMs && f.simTimeMs > past[i - 1].simTimeMs);
      QVERIFY(f.utilization[0] >= 0.0f && f.utilization[0] <= 1.0f);
      QCOMPARE(f.nodeUp[0], std::uint8_t(1));
      for (const FakeGpu& g : kGpus) {
        const std::size_t d = 1 + static_cast<std::size_t>(g.index);
        QCOMPARE(f.utilization[d], static_cast<float>(g.util / 100.0));
        QCOMPARE(f.temperatureC[d], static_cast<float>(g.tempC));
      }
    }
    // The live clock continues from the history, not from zero again.
    cluster.step();
    QVERIFY(cluster.frame().simTimeMs > past.back().simTimeMs);

    // Through a gateway: the snapshot of a fresh gateway reaches back.
    auto again = PrometheusCluster::create(options);
    if (auto* e = std::get_if<PromError>(&again)) QFAIL(e->message().c_str());
    GatewayOptions gatewayOptions;
    gatewayOptions.historyFrames = 8;
    Gateway gateway(std::get<std::unique_ptr<PrometheusCluster>>(std::move(again)), gatewayOptions);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    SnapshotFetcher fetcher(grpc::CreateChannel(gateway.address(), grpc::InsecureChannelCredentials()));
    auto fetched = fetcher.fetch(0.0);
    if (auto* e = std::get_if<RpcError>(&fetched)) QFAIL(e->message.c_str());
    const SnapshotData& snap = std::get<SnapshotData>(fetched);
    QVERIFY(snap.history.size() >= 3);
    QVERIFY(snap.history.front().wallTimeMs < startMs);
    // ... and the store takes it as it is.
    auto store = SnapshotStore::open(m_dir.filePath(QStringLiteral("prom.hsnap")).toStdString(), OpenMode::Create);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    auto saved = std::get<SnapshotStore>(store).save(snap);
    if (auto* e = std::get_if<StoreError>(&saved)) QFAIL(e->message.c_str());
  }

  void lostExporterMarksTheNodeDown() {
    PrometheusOptions options;
    options.url = url();
    options.rateWindow = "5s";
    auto created = PrometheusCluster::create(options);
    QVERIFY(std::holds_alternative<std::unique_ptr<PrometheusCluster>>(created));
    auto& cluster = *std::get<std::unique_ptr<PrometheusCluster>>(created);
    QCOMPARE(cluster.frame().nodeUp[0], std::uint8_t(1));
    m_nodeExporter.kill();
    QVERIFY(m_nodeExporter.waitForFinished(5000));
    QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired() && cluster.frame().nodeUp[0] == 1) {
      QTest::qWait(250);
      cluster.refresh();
      cluster.step();
    }
    QCOMPARE(cluster.frame().nodeUp[0], std::uint8_t(0));
  }

  void unreachablePrometheusIsAnError() {
    PrometheusOptions options;
    options.url = "http://127.0.0.1:" + std::to_string(freePort());
    auto created = PrometheusCluster::create(options);
    QVERIFY(std::holds_alternative<PromError>(created));
    auto badUrl = PrometheusApi::create("ftp://example");
    QVERIFY(std::holds_alternative<PromError>(badUrl));
  }
};

QTEST_GUILESS_MAIN(TestPrometheusSource)
#include "tst_prometheus_source.moc"
