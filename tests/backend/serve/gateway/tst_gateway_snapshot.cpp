// GetSnapshot end to end on loopback: an in-process gateway's ring of recent
// frames arrives as a consistent cut, and a snapshot far larger than the
// gRPC message limit still arrives, in chunks.
#include "base/model/job.h"
#include "data/store/snapshot_data.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/client/cluster_client.h"
#include "serve/client/snapshot_fetcher.h"
#include "serve/gateway/frame_ring.h"
#include "serve/gateway/gateway.h"
#include "serve/rpc/proto_convert.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QDeadlineTimer>
#include <QTest>
#include <chrono>
#include <cstddef>
#include <cstdint>
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

SimOptions loadedCluster(std::uint32_t scale = 1) {
  SimOptions options;
  options.shape = defaultClusterShape(4 * scale, 4 * scale, 2 * scale);
  options.warmupS = 600;
  options.nodeFailuresPerHour = 0.0;
  return options;
}

std::shared_ptr<grpc::Channel> channelTo(const std::string& address) {
  return grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
}

// Fetches until the ring has filled to `frames` (the ticker fills it).
SnapshotData fetchFull(const std::string& address, std::size_t frames, int timeoutMs = 60000) {
  SnapshotFetcher fetcher(channelTo(address));
  QDeadlineTimer deadline(timeoutMs);
  for (;;) {
    auto result = fetcher.fetch(0);
    if (auto* data = std::get_if<SnapshotData>(&result); data && data->history.size() >= frames) return *data;
    if (auto* e = std::get_if<RpcError>(&result)) qWarning("fetch: %s", e->message.c_str());
    if (deadline.hasExpired()) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

v1::Frame latestFrame(const std::string& address) {
  auto stub = v1::ClusterService::NewStub(channelTo(address));
  grpc::ClientContext context;
  v1::WatchFramesRequest request;
  auto reader = stub->WatchFrames(&context, request);
  v1::Frame frame;
  reader->Read(&frame);
  context.TryCancel();
  reader->Finish();
  return frame;
}

}  // namespace

class TestGatewaySnapshot : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void snapshotOfRing() {
    GatewayOptions options;
    options.speed = 300;  // a frame every 10 ms
    options.historyFrames = 25;
    Gateway gateway(std::make_unique<SimulatedCluster>(loadedCluster()), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    const v1::Frame before = latestFrame(gateway.address());
    const SnapshotData data = fetchFull(gateway.address(), 25);
    const v1::Frame after = latestFrame(gateway.address());
    QCOMPARE(data.history.size(), std::size_t(25));

    // The topology is the gateway's own.
    auto stub = v1::ClusterService::NewStub(channelTo(gateway.address()));
    grpc::ClientContext context;
    v1::Topology topo;
    QVERIFY(stub->GetTopology(&context, {}, &topo).ok());
    QVERIFY(data.topology == std::get<Topology>(fromProto(topo)));

    // A contiguous run ending at the latest frame of the cut.
    for (std::size_t i = 1; i < data.history.size(); ++i) {
      QCOMPARE(data.history[i].sequence, data.history[i - 1].sequence + 1);
      QVERIFY(data.history[i].simTimeMs > data.history[i - 1].simTimeMs);
      QCOMPARE(data.history[i].deviceCount(), data.topology.devices.size());
    }
    QVERIFY(data.history.back().sequence >= before.sequence());
    QVERIFY(data.history.back().sequence <= after.sequence());
    QVERIFY(data.takenAtMs > 0);
    // The active policy of the gateway's book: its starting version 1.
    QCOMPARE(data.policy.name, std::string("live-default"));
    QCOMPARE(data.policy.version, std::uint64_t(1));
    QVERIFY(data.policy.json.find("\"SEED_SCORE\"") != std::string::npos);

    // Jobs: running ones are those the last frame shows on devices.
    QVERIFY(!data.jobs.empty());
    std::size_t running = 0;
    for (const Job& j : data.jobs) running += j.state == JobState::Running;
    QVERIFY(running > 0);

    // history_seconds trims to the newest frames.
    SnapshotFetcher fetcher(channelTo(gateway.address()));
    auto recent = fetcher.fetch(data.topology.agentPeriodMs * 3 / 1000.0);
    QVERIFY(std::holds_alternative<SnapshotData>(recent));
    const auto n = std::get<SnapshotData>(recent).history.size();
    QVERIFY2(n >= 3 && n <= 5, std::to_string(n).c_str());
    // A client that did not ask for packed frames (an older one) gets
    // every frame's plain columns.
    {
      grpc::ClientContext plainContext;
      v1::GetSnapshotRequest plainRequest;
      auto reader = stub->GetSnapshot(&plainContext, plainRequest);
      v1::SnapshotChunk chunk;
      std::size_t frames = 0;
      while (reader->Read(&chunk)) {
        for (const v1::Frame& frame : chunk.frames()) {
          QVERIFY(frame.packed().empty());
          QCOMPARE(frame.utilization().size(), data.topology.devices.size());
          QCOMPARE(frame.node_up().size(), data.topology.nodes.size());
          ++frames;
        }
      }
      QVERIFY(reader->Finish().ok());
      QVERIFY(frames >= 25);
    }
    auto bad = fetcher.fetch(-1);
    QVERIFY(std::holds_alternative<RpcError>(bad));
    QCOMPARE(std::get<RpcError>(bad).code, int(grpc::StatusCode::INVALID_ARGUMENT));
    gateway.stop();
  }

  // The ring keeps within its bytes as well as its frame count, oldest
  // dropped first, and always keeps the newest frame.
  void ringDropsOldestPastItsBytes() {
    FrameRing ring(100);
    ring.setCapacity(100, 3000);
    for (std::uint64_t i = 1; i <= 10; ++i) {
      v1::Frame frame;
      frame.set_sequence(i);
      frame.set_sim_time_ms(static_cast<std::int64_t>(i) * 3000);
      frame.set_packed(std::string(1000, 'x'));
      ring.push(frame);
    }
    QCOMPARE(ring.size(), std::size_t(2));  // three frames of ~1010 bytes pass 3000
    QVERIFY(ring.bytes() <= 3000);
    QCOMPARE(ring.tail(0, 0).back().simTimeMs, std::int64_t(30000));
    v1::Frame huge;
    huge.set_sim_time_ms(33000);
    huge.set_packed(std::string(5000, 'x'));
    ring.push(huge);
    QCOMPARE(ring.size(), std::size_t(1));
    QCOMPARE(ring.tail(0, 0).back().simTimeMs, std::int64_t(33000));
  }

  void largerThanMessageLimit() {
    GatewayOptions options;
    options.speed = 1000;
    // Packed, 120 frames of 10,000 devices were 3.6 MB: not enough.
    options.historyFrames = 300;
    options.maxSendMessageBytes = 4 << 20;  // gRPC's default limit
    SimOptions sim = loadedCluster(210);    // 10,080 devices
    sim.warmupS = 60;
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    std::uint64_t bytes = 0;
    SnapshotFetcher fetcher(channelTo(gateway.address()));
    SnapshotData data;
    QDeadlineTimer deadline(120000);
    while (data.history.size() < 300 && !deadline.hasExpired()) {
      auto result = fetcher.fetch(0, [&](const FetchProgress& p) {
        bytes = p.bytesReceived;
        return true;
      });
      if (auto* e = std::get_if<RpcError>(&result)) QFAIL(e->message.c_str());
      data = std::get<SnapshotData>(std::move(result));
      if (data.history.size() < 300) std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    QVERIFY(data.topology.devices.size() >= 10000);
    QCOMPARE(data.history.size(), std::size_t(300));
    qInfo("%zu devices, %zu frames, %.1f MB in chunks (limit 4 MB)", data.topology.devices.size(), data.history.size(),
          bytes / 1e6);
    QVERIFY(bytes > std::uint64_t(4 << 20));
    gateway.stop();
  }

  void cancelStopsTheFetch() {
    GatewayOptions options;
    options.speed = 300;
    Gateway gateway(std::make_unique<SimulatedCluster>(loadedCluster()), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    SnapshotFetcher fetcher(channelTo(gateway.address()));
    auto result = fetcher.fetch(0, [](const FetchProgress&) { return false; });
    QVERIFY(std::holds_alternative<RpcError>(result));
    QCOMPARE(std::get<RpcError>(result).code, int(grpc::StatusCode::CANCELLED));
    gateway.stop();
  }

  void unreachableGateway() {
    SnapshotFetcher fetcher(channelTo("127.0.0.1:1"), std::chrono::seconds(5));
    auto result = fetcher.fetch(0);
    QVERIFY(std::holds_alternative<RpcError>(result));
    QCOMPARE(std::get<RpcError>(result).code, int(grpc::StatusCode::UNAVAILABLE));
  }
};

QTEST_GUILESS_MAIN(TestGatewaySnapshot)
#include "tst_gateway_snapshot.moc"
