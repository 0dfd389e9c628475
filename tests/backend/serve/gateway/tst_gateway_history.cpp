// Device history end to end: a real gateway on loopback answers
// GetDeviceHistory from its ring of frames, and the same frames saved into a
// real SQLite snapshot file answer with the same series through the same use
// case; oversized requests are refused with the field named.
#include "base/history/device_history.h"
#include "base/history/device_history_query.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/client/cluster_client.h"
#include "serve/client/snapshot_fetcher.h"
#include "serve/gateway/gateway.h"
#include "serve/rpc/history_convert.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "vector_history_frames.h"

#include <QDeadlineTimer>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <future>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <variant>

using namespace hetsched;

namespace {

bool sameValue(float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// Equal series, values bit for bit (NaN where both have no frame).
QString difference(const DeviceHistory& a, const DeviceHistory& b) {
  if (a.fromMs != b.fromMs || a.toMs != b.toMs || a.points != b.points) return QStringLiteral("range");
  if (a.framesRead != b.framesRead) return QStringLiteral("frames read %1 vs %2").arg(a.framesRead).arg(b.framesRead);
  if (a.devices.size() != b.devices.size()) return QStringLiteral("device count");
  for (std::size_t d = 0; d < a.devices.size(); ++d) {
    if (a.devices[d].device != b.devices[d].device) return QStringLiteral("device order");
    if (a.devices[d].jobs != b.devices[d].jobs) return QStringLiteral("jobs of device %1").arg(d);
    for (std::size_t m = 0; m < kSeriesMetricCount; ++m) {
      const MetricSeries& x = a.devices[d].metrics[m];
      const MetricSeries& y = b.devices[d].metrics[m];
      for (std::size_t i = 0; i < a.points; ++i)
        if (!sameValue(x.min[i], y.min[i]) || !sameValue(x.max[i], y.max[i]))
          return QStringLiteral("device %1 metric %2 point %3: %4..%5 vs %6..%7")
              .arg(d)
              .arg(m)
              .arg(i)
              .arg(x.min[i])
              .arg(x.max[i])
              .arg(y.min[i])
              .arg(y.max[i]);
    }
  }
  return {};
}

}  // namespace

class TestGatewayHistory : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<Gateway> m_gateway;
  std::unique_ptr<v1::ClusterService::Stub> m_stub;
  SnapshotData m_cut;  // the ring's frames, as GetSnapshot streams them
  HistoryRequest m_request;

  grpc::Status ask(const HistoryRequest& request, v1::GetDeviceHistoryResponse* out) {
    grpc::ClientContext context;
    v1::GetDeviceHistoryRequest wire;
    toProto(request, &wire);
    return m_stub->GetDeviceHistory(&context, wire, out);
  }

 private Q_SLOTS:
  void initTestCase() {
    SimOptions sim;
    sim.shape = defaultClusterShape(4, 4, 2);
    sim.warmupS = 600;
    sim.nodeFailuresPerHour = 0.0;
    GatewayOptions options;
    options.speed = 300;  // a frame every 10 ms
    options.historyFrames = 400;
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    auto channel = grpc::CreateChannel(m_gateway->address(), grpc::InsecureChannelCredentials());
    m_stub = v1::ClusterService::NewStub(channel);
    SnapshotFetcher fetcher(channel);
    QDeadlineTimer deadline(60000);
    while (m_cut.history.size() < 200 && !deadline.hasExpired()) {
      auto result = fetcher.fetch(0);
      if (auto* data = std::get_if<SnapshotData>(&result)) m_cut = std::move(*data);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    QVERIFY2(m_cut.history.size() >= 200, "the ring did not fill");
    const auto last = static_cast<std::uint32_t>(m_cut.topology.devices.size() - 1);
    // A CPU, a GPU and the last device (a TPU), over the cut's frames exactly:
    // the ring keeps growing, the range pins what both readers see.
    m_request.devices = {0, static_cast<std::uint32_t>(m_cut.topology.nodes[4].firstDevice), last};
    m_request.fromMs = m_cut.history.front().simTimeMs;
    m_request.toMs = m_cut.history.back().simTimeMs;
    m_request.points = 64;
  }

  void ringAnswersTheFramesSeries() {
    v1::GetDeviceHistoryResponse wire;
    const grpc::Status status = ask(m_request, &wire);
    QVERIFY2(status.ok(), status.error_message().c_str());
    auto live = fromProto(wire);
    QVERIFY(std::holds_alternative<DeviceHistory>(live));
    const DeviceHistory& h = std::get<DeviceHistory>(live);
    QCOMPARE(h.framesRead, m_cut.history.size());
    VectorHistoryFrames reference(m_cut.history);
    const auto expected = std::get<DeviceHistory>(readDeviceHistory(reference, m_request));
    const QString diff = difference(h, expected);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    // A loaded simulated cluster: the GPU did work and ran jobs in the cut.
    bool busy = false;
    for (float v : h.devices[1].of(SeriesMetric::Utilization).max) busy = busy || v > 0.0f;
    QVERIFY(busy);
    QVERIFY(!h.devices[1].jobs.empty());
    // Small: never whole frames.
    QVERIFY(wire.ByteSizeLong() < std::size_t{8} * 1024);
  }

  void snapshotFileAnswersTheSame() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("history.hsnap")).toStdString();
    SnapshotId id = 0;
    {
      auto opened = SnapshotStore::open(path, OpenMode::Create);
      QVERIFY(std::holds_alternative<SnapshotStore>(opened));
      auto saved = std::get<SnapshotStore>(opened).save(m_cut);
      QVERIFY(std::holds_alternative<SnapshotId>(saved));
      id = std::get<SnapshotId>(saved);
    }
    auto opened = SnapshotStore::open(path, OpenMode::ReadOnly);
    QVERIFY(std::holds_alternative<SnapshotStore>(opened));
    SnapshotStore& store = std::get<SnapshotStore>(opened);
    auto replay = store.deviceHistory(id, m_request);
    QVERIFY(std::holds_alternative<DeviceHistory>(replay));
    v1::GetDeviceHistoryResponse wire;
    QVERIFY(ask(m_request, &wire).ok());
    const QString diff = difference(std::get<DeviceHistory>(replay), std::get<DeviceHistory>(fromProto(wire)));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    // The whole snapshot by default, and the store's bounds are the gateway's.
    HistoryRequest whole{{m_request.devices[0]}, 0, 0, 0};
    const auto all = std::get<DeviceHistory>(store.deviceHistory(id, whole));
    QCOMPARE(all.framesRead, m_cut.history.size());
    HistoryRequest outside{{static_cast<std::uint32_t>(m_cut.topology.devices.size())}, 0, 0, 0};
    QVERIFY(std::holds_alternative<HistoryError>(store.deviceHistory(id, outside)));
  }

  void consoleClientDecodesIt() {
    ClusterClient client(m_gateway->address(), ClientEvents{});
    std::promise<std::variant<DeviceHistory, RpcError>> answer;
    client.getDeviceHistory(m_request,
                            [&](std::variant<DeviceHistory, RpcError> r) { answer.set_value(std::move(r)); });
    auto result = answer.get_future().get();
    QVERIFY(std::holds_alternative<DeviceHistory>(result));
    QCOMPARE(std::get<DeviceHistory>(result).devices.size(), std::size_t{3});
    HistoryRequest bad = m_request;
    bad.points = 100000;
    std::promise<std::variant<DeviceHistory, RpcError>> refused;
    client.getDeviceHistory(bad, [&](std::variant<DeviceHistory, RpcError> r) { refused.set_value(std::move(r)); });
    auto error = refused.get_future().get();
    QVERIFY(std::holds_alternative<RpcError>(error));
    QCOMPARE(std::get<RpcError>(error).code, static_cast<int>(grpc::StatusCode::INVALID_ARGUMENT));
  }

  void oversizedRequestsRefused_data() {
    QTest::addColumn<int>("devices");
    QTest::addColumn<int>("firstDevice");
    QTest::addColumn<int>("points");
    QTest::addColumn<QString>("named");
    QTest::newRow("65 devices") << 65 << 0 << 0 << "devices: at most 64";
    QTest::newRow("points") << 1 << 0 << 100000 << "points: at most 4096";
    QTest::newRow("device-points") << 9 << 0 << 4096 << "points: 9 devices x 4096 points";
    QTest::newRow("unknown device") << 1 << 999999 << 0 << "devices[0]: no device 999999";
    // Past the method's request cap: refused before the handler reads it.
    QTest::newRow("request bytes") << 400 << 100000 << 0 << "1024";
  }
  void oversizedRequestsRefused() {
    QFETCH(int, devices);
    QFETCH(int, firstDevice);
    QFETCH(int, points);
    QFETCH(QString, named);
    HistoryRequest request;
    for (int i = 0; i < devices; ++i) request.devices.push_back(static_cast<std::uint32_t>(firstDevice + i));
    request.points = static_cast<std::uint32_t>(points);
    v1::GetDeviceHistoryResponse wire;
    const grpc::Status status = ask(request, &wire);
    QCOMPARE(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    QVERIFY2(QString::fromStdString(status.error_message()).contains(named), status.error_message().c_str());
  }
};

QTEST_GUILESS_MAIN(TestGatewayHistory)
#include "tst_gateway_history.moc"
