// Deltas on a real gateway on loopback: a watcher that applies deltas, one
// that skips frames, the console's own client, a client of the previous
// packed format and a plain (oldest) one all see exactly the frames the
// gateway keeps in its ring, value for value.
#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/client/cluster_client.h"
#include "serve/client/snapshot_fetcher.h"
#include "serve/gateway/gateway.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/frame_packing.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QDeadlineTimer>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <variant>

using namespace hetsched;

namespace {

SimOptions loadedCluster() {
  SimOptions options;
  options.shape = defaultClusterShape(8, 8, 4);
  options.warmupS = 600;
  options.nodeFailuresPerHour = 0.0;
  return options;
}

std::shared_ptr<grpc::Channel> channelTo(const std::string& address) {
  return grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
}

struct Watched {
  std::map<std::uint64_t, Frame> frames;  // by sequence
  int deltas = 0;
  int wholes = 0;
  std::uint64_t skipped = 0;
  bool firstWasWhole = false;
};

enum class Kind { Delta, PackedOnly, Plain };

// Reads `count` frames the way a client of `kind` asks for them, at most
// maxRateHz (the gateway skips frames in between: latest wins); with
// untilSkippedDeltas, on (up to 400 frames) until frames were skipped and
// three deltas arrived, so the property does not hang on the machine's pace.
Watched watch(const std::string& address, std::size_t devices, std::size_t nodes, Kind kind, int count,
              double maxRateHz = 0, bool untilSkippedDeltas = false) {
  Watched out;
  auto stub = v1::ClusterService::NewStub(channelTo(address));
  grpc::ClientContext context;
  if (kind == Kind::Delta) context.AddMetadata(kAcceptDeltaMetadata, "1");
  v1::WatchFramesRequest request;
  request.set_accept_packed(kind != Kind::Plain);
  request.set_max_rate_hz(maxRateHz);
  auto reader = stub->WatchFrames(&context, request);
  PackedReference reference;
  v1::Frame wire;
  for (int i = 0; i < 400 && reader->Read(&wire); ++i) {
    const bool delta = packedIsDelta(wire.packed());
    if (i == 0) out.firstWasWhole = !delta;
    if (kind == Kind::Plain && !wire.packed().empty()) qFatal("a plain watcher was sent a packed frame");
    if (kind == Kind::PackedOnly && delta) qFatal("a watcher without deltas was sent one");
    Frame frame;
    if (auto error = decodeFrame(wire, devices, nodes, &frame, kind == Kind::Delta ? &reference : nullptr))
      qFatal("frame %llu: %s", static_cast<unsigned long long>(wire.sequence()), error->c_str());
    (delta ? out.deltas : out.wholes) += 1;
    out.skipped += wire.frames_skipped();
    out.frames[frame.sequence] = std::move(frame);
    if (i + 1 >= count && (!untilSkippedDeltas || (out.deltas >= 3 && out.skipped > 0))) break;
  }
  context.TryCancel();
  reader->Finish();
  return out;
}

}  // namespace

class TestGatewayDeltas : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everyWatcherSeesTheGatewaysFrames() {
    GatewayOptions options;
    options.speed = 300;  // a frame every 10 ms
    options.keyFrameInterval = 8;
    options.historyFrames = 100000;  // every frame of the test stays in the ring
    Gateway gateway(std::make_unique<SimulatedCluster>(loadedCluster()), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    const std::string address = gateway.address();

    SnapshotFetcher fetcher(channelTo(address));
    auto first = fetcher.fetch(0);
    QVERIFY(std::holds_alternative<SnapshotData>(first));
    const std::size_t devices = std::get<SnapshotData>(first).topology.devices.size();
    const std::size_t nodes = std::get<SnapshotData>(first).topology.nodes.size();

    // The console's own client, watching all along.
    std::mutex clientMutex;
    std::map<std::uint64_t, Frame> clientFrames;
    ClientEvents events;
    events.onFrame = [&](const std::shared_ptr<const Frame>& frame) {
      std::lock_guard lock(clientMutex);
      clientFrames[frame->sequence] = *frame;
    };
    ClusterClient client(address, events);
    client.start();

    Watched fast;
    Watched slow;
    Watched packedOnly;
    Watched plain;
    Watched reconnected;
    std::thread t1([&] { fast = watch(address, devices, nodes, Kind::Delta, 120); });
    std::thread t2([&] { slow = watch(address, devices, nodes, Kind::Delta, 30, 20.0, true); });
    std::thread t3([&] { packedOnly = watch(address, devices, nodes, Kind::PackedOnly, 40, 30.0); });
    std::thread t4([&] { plain = watch(address, devices, nodes, Kind::Plain, 20); });
    t1.join();
    t2.join();
    t3.join();
    t4.join();
    // A watcher that reconnects holds no reference: it starts whole.
    reconnected = watch(address, devices, nodes, Kind::Delta, 10);
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
      {
        std::lock_guard lock(clientMutex);
        if (clientFrames.size() >= 50) break;
      }
      QTest::qWait(20);
    }
    client.stop();
    QVERIFY(clientFrames.size() >= 50);

    // What the gateway published: its ring, whole frames, by sequence.
    auto ring = fetcher.fetch(0);
    QVERIFY(std::holds_alternative<SnapshotData>(ring));
    std::map<std::uint64_t, const Frame*> published;
    for (const Frame& f : std::get<SnapshotData>(ring).history) published[f.sequence] = &f;
    gateway.stop();

    qInfo("fast: %d deltas, %d whole; slow: %d deltas, %d whole, %llu skipped; client: %zu frames", fast.deltas,
          fast.wholes, slow.deltas, slow.wholes, static_cast<unsigned long long>(slow.skipped), clientFrames.size());
    QVERIFY(fast.deltas > 0);
    QVERIFY(slow.skipped > 0);
    QVERIFY(slow.deltas > 0);
    for (const Watched* w : {&fast, &slow, &packedOnly, &plain, &reconnected}) QVERIFY(w->firstWasWhole);
    QCOMPARE(packedOnly.deltas, 0);
    int compared = 0;
    const auto compareAll = [&](const std::map<std::uint64_t, Frame>& frames) {
      for (const auto& [sequence, got] : frames) {
        const auto it = published.find(sequence);
        if (it == published.end()) qFatal("frame %llu is not in the ring", static_cast<unsigned long long>(sequence));
        const Frame& want = *it->second;
        if (got.utilization != want.utilization || got.memoryUsed != want.memoryUsed ||
            got.powerWatts != want.powerWatts || got.temperatureC != want.temperatureC || got.job != want.job ||
            got.nodeUp != want.nodeUp || got.simTimeMs != want.simTimeMs || !(got.queue == want.queue))
          qFatal("frame %llu differs from the gateway's", static_cast<unsigned long long>(sequence));
        ++compared;
      }
    };
    for (const Watched* w : {&fast, &slow, &packedOnly, &plain, &reconnected}) compareAll(w->frames);
    compareAll(clientFrames);
    QVERIFY(compared >= 250);
  }
};

QTEST_GUILESS_MAIN(TestGatewayDeltas)
#include "tst_gateway_deltas.moc"
