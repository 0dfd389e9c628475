// What a GetDeviceHistory costs the gateway: an hour of frames (1,200 at
// the agents' 3 s period) of a 10,000-device cluster in the ring, 8 devices
// read at 600 points; beside it, decoding the same frames whole
// (decodeFrame, what a reader of whole frames pays).
#include "base/history/device_history.h"
#include "base/history/device_history_query.h"
#include "base/model/frame.h"
#include "hetsched.pb.h"
#include "serve/gateway/frame_ring.h"
#include "serve/gateway/ring_history_frames.h"
#include "serve/rpc/frame_codec.h"

#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>

using namespace hetsched;

namespace {

constexpr std::size_t kDevices = 10000;
constexpr std::size_t kNodes = 1250;
constexpr std::size_t kFrames = 1200;

FrameRing hourOfFrames() {
  FrameRing ring(kFrames);
  Frame f;
  f.resize(kDevices, kNodes);
  v1::Frame wire;
  for (std::size_t t = 0; t < kFrames; ++t) {
    f.simTimeMs = static_cast<std::int64_t>(t) * 3000;
    for (std::size_t d = 0; d < kDevices; ++d) {
      const double phase = 0.01 * static_cast<double>(t) + 0.37 * static_cast<double>(d);
      f.utilization[d] = static_cast<float>(0.5 + 0.5 * std::sin(phase));
      f.memoryUsed[d] = 0.4f;
      f.powerWatts[d] = 100.0f + 200.0f * f.utilization[d];
      f.temperatureC[d] = 40.0f + 30.0f * f.utilization[d];
      f.job[d] = 1000 + (t / 100) * kDevices + d;
    }
    encodeFrame(f, &wire);
    ring.push(wire);
  }
  return ring;
}

}  // namespace

class BenchRingHistory : public QObject {
  Q_OBJECT
  FrameRing m_ring = hourOfFrames();

 private Q_SLOTS:
  void eightDevicesFromTheRing() {
    HistoryRequest request;
    request.devices = {0, 17, 1234, 4999, 5000, 7777, 9000, 9999};
    request.points = 600;
    std::uint64_t read = 0;
    QBENCHMARK {
      RingHistoryFrames frames(m_ring.tail(0, 0), kDevices);
      read = std::get<DeviceHistory>(readDeviceHistory(frames, request)).framesRead;
    }
    QCOMPARE(read, std::uint64_t{kFrames});
  }

  void baselineDecodingWholeFrames() {
    Frame out;
    v1::Frame wire;
    QBENCHMARK {
      for (const FrameRing::Entry& e : m_ring.tail(0, 0)) {
        wire.ParseFromString(*e.bytes);
        decodeFrame(wire, kDevices, kNodes, &out);
      }
    }
    QCOMPARE(out.deviceCount(), kDevices);
  }
};

QTEST_GUILESS_MAIN(BenchRingHistory)
#include "bench_ring_history.moc"
