// Deltas against a key frame (frame_packing.h, format 2): random frames
// survive key + delta chains exactly as the whole packed form carries them,
// and a delta is refused, never applied, by a reader that does not hold its
// very reference or expects another shape.
#include "base/history/device_history.h"
#include "checked_value.h"
#include "hetsched.pb.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/frame_packing.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

using namespace hetsched;

namespace {

// A frame whose values move as a cluster's do between agent reports: a few
// devices change job, the rest drift; now and then a job id needs a wider
// column than the key frame's (the encoder must fall back to a key frame).
class RandomFrames {
 public:
  // widen: now and then a job id wider than the others (false: the layout
  // never changes, so every frame between key frames is a delta).
  RandomFrames(std::size_t devices, std::size_t nodes, unsigned seed, bool widen = true)
      : m_random(seed), m_widen(widen) {
    m_frame.resize(devices, nodes);
    for (std::size_t i = 0; i < devices; ++i) reassign(i);
    for (auto& up : m_frame.nodeUp) up = 1;
  }

  const Frame& next() {
    ++m_frame.sequence;
    m_frame.simTimeMs += 3000;
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (std::size_t i = 0; i < m_frame.deviceCount(); ++i) {
      const float roll = unit(m_random);
      if (roll < 0.02f) {
        reassign(i);
      } else if (roll < 0.6f) {
        m_frame.utilization[i] = unit(m_random);
        m_frame.temperatureC[i] += unit(m_random) * 4.0f - 2.0f;
        m_frame.powerWatts[i] = unit(m_random) * 700.0f;
      }
    }
    std::uniform_int_distribution<std::size_t> node(0, m_frame.nodeUp.size() - 1);
    if (unit(m_random) < 0.3f) m_frame.nodeUp[node(m_random)] ^= 1;
    // One frame in eight carries an id past 2^24: a wider job column.
    std::uniform_int_distribution<std::uint64_t> wide(1ull << 24, 1ull << 40);
    if (m_widen) m_frame.job[0] = unit(m_random) < 0.125f ? wide(m_random) : 0;
    return m_frame;
  }

 private:
  void reassign(std::size_t i) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::uniform_int_distribution<std::uint64_t> id(1, 300000);
    const bool busy = unit(m_random) < 0.35f;
    m_frame.job[i] = busy ? id(m_random) : 0;
    m_frame.utilization[i] = busy ? unit(m_random) : 0.0f;
    m_frame.memoryUsed[i] = busy ? unit(m_random) : 0.0f;
    m_frame.powerWatts[i] = busy ? 100.0f + unit(m_random) * 600.0f : 60.0f;
    m_frame.temperatureC[i] = 30.0f + unit(m_random) * 50.0f;
  }

  std::mt19937 m_random;
  bool m_widen;
  Frame m_frame;
};

void compareFrames(const Frame& a, const Frame& b) {
  QCOMPARE(a.sequence, b.sequence);
  QCOMPARE(a.simTimeMs, b.simTimeMs);
  QCOMPARE(a.utilization, b.utilization);
  QCOMPARE(a.memoryUsed, b.memoryUsed);
  QCOMPARE(a.powerWatts, b.powerWatts);
  QCOMPARE(a.temperatureC, b.temperatureC);
  QCOMPARE(a.job, b.job);
  QCOMPARE(a.nodeUp, b.nodeUp);
}

v1::Frame throughTheWire(const v1::Frame& frame) {
  v1::Frame parsed;
  parsed.ParseFromString(frame.SerializeAsString());
  return parsed;
}

}  // namespace

class TestFrameDeltas : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // A reader that takes every frame, and one that skips frames at random
  // (latest wins), as the gateway's writer serves them: the delta when the
  // reader was last sent its key frame whole, the whole frame otherwise.
  // Both decode every frame they get exactly as the whole form decodes.
  void randomChainsRoundTrip_data() {
    QTest::addColumn<int>("devices");
    QTest::addColumn<int>("interval");
    QTest::addColumn<unsigned>("seed");
    QTest::newRow("1,000 devices, key every 4") << 1000 << 4 << 1u;
    QTest::newRow("1,000 devices, key every 8") << 1000 << 8 << 2u;
    QTest::newRow("37 devices, key every 3") << 37 << 3 << 3u;
    QTest::newRow("5,000 devices, key every 16") << 5000 << 16 << 4u;
  }
  void randomChainsRoundTrip() {
    QFETCH(int, devices);
    QFETCH(int, interval);
    QFETCH(unsigned, seed);
    const auto n = static_cast<std::size_t>(devices);
    const std::size_t nodes = n / 4 + 1;
    RandomFrames frames(n, nodes, seed);
    PackedFrameEncoder encoder(interval);
    std::mt19937 skips(seed);
    struct Reader {
      PackedReference reference;
      std::uint64_t heldKey = 0;  // as the gateway's writer counts
      int deltas = 0;
      int wholes = 0;
      int wholeForDelta = 0;  // sent whole because it lacked the key frame
    };
    Reader every;
    Reader skipping;
    std::uint64_t keys = 0;
    int deltasMade = 0;
    for (int k = 0; k < 120; ++k) {
      const Frame& in = frames.next();
      v1::Frame whole;
      v1::Frame delta;
      const bool isDelta = encoder.encode(in, &whole, &delta);
      deltasMade += isDelta;
      if (!isDelta) ++keys;
      Frame expected;
      QVERIFY(!decodeFrame(throughTheWire(whole), n, nodes, &expected));
      QCOMPARE(expected.sequence, in.sequence);
      for (Reader* reader : {&every, &skipping}) {
        if (reader == &skipping && std::uniform_int_distribution<int>(0, 2)(skips) == 0) continue;
        const bool sendDelta = isDelta && reader->heldKey == keys;
        if (!sendDelta) reader->heldKey = isDelta ? 0 : keys;
        Frame got;
        const auto error = decodeFrame(throughTheWire(sendDelta ? delta : whole), n, nodes, &got, &reader->reference);
        QVERIFY2(!error, error ? error->c_str() : "");
        compareFrames(got, expected);
        (sendDelta ? reader->deltas : reader->wholes) += 1;
        reader->wholeForDelta += isDelta && !sendDelta;
      }
    }
    QVERIFY(deltasMade > 0);
    QVERIFY(every.deltas > 0);
    QVERIFY(skipping.deltas > 0);
    QCOMPARE(every.wholeForDelta, 0);
    QVERIFY(skipping.wholeForDelta > 0);
  }

  // A delta is a fraction of the whole frame when little moved.
  void deltaIsSmallWhenLittleMoved() {
    RandomFrames frames(20000, 2500, 9, false);
    // The next frame with nothing moved but its sequence and one device.
    const Frame same = frames.next();
    Frame moved = same;
    ++moved.sequence;
    moved.utilization[7] = 1.0f - moved.utilization[7];
    PackedFrameEncoder encoder(8);
    v1::Frame keyWhole;
    v1::Frame delta;
    QVERIFY(!encoder.encode(same, &keyWhole, &delta));
    v1::Frame movedWhole;
    v1::Frame movedDelta;
    QVERIFY(encoder.encode(moved, &movedWhole, &movedDelta));
    QVERIFY2(movedDelta.packed().size() * 20 < movedWhole.packed().size(),
             qPrintable(QString("%1 / %2").arg(movedDelta.packed().size()).arg(movedWhole.packed().size())));
  }

  // A delta against a reference the reader lacks, or holds with other
  // contents, or of another shape, is refused with what is wrong; the
  // reader's frame and reference stay as they were.
  void deltaWithoutItsReferenceIsRefused_data() {
    QTest::addColumn<int>("reader");
    QTest::addColumn<int>("devices");
    QTest::addColumn<QString>("message");
    QTest::newRow("no reference") << 0 << 100 << "packed: a delta against frame 1, and no reference frame is held";
    QTest::newRow("another frame") << 1 << 100 << "packed: a delta against frame 1, the reference held is frame 2";
    QTest::newRow("same sequence, other contents")
        << 2 << 100 << "packed: a delta against frame 1, the reference held is frame 1 with other contents";
    QTest::newRow("other shape") << 3 << 101 << "packed: 100 devices, the topology has 101";
    QTest::newRow("cut short") << 4 << 100 << "packed: ";
  }
  void deltaWithoutItsReferenceIsRefused() {
    QFETCH(int, reader);
    QFETCH(int, devices);
    QFETCH(QString, message);
    RandomFrames frames(100, 20, 5, false);
    PackedFrameEncoder encoder(4);
    v1::Frame key;
    v1::Frame unused;
    QVERIFY(!encoder.encode(frames.next(), &key, &unused));
    QCOMPARE(key.sequence(), std::uint64_t(1));
    const Frame second = frames.next();
    v1::Frame whole;
    v1::Frame delta;
    QVERIFY(encoder.encode(second, &whole, &delta));
    std::uint64_t against = 0;
    QVERIFY(packedIsDelta(delta.packed(), &against));
    QCOMPARE(against, std::uint64_t(1));

    PackedReference held;
    Frame out;
    if (reader == 1 || reader == 3 || reader == 4) QVERIFY(!decodeFrame(key, 100, 20, &out, &held));
    if (reader == 1) QVERIFY(!decodeFrame(whole, 100, 20, &out, &held));  // now holds frame 2
    if (reader == 2) {
      // Frame 1 of another gateway (a restart): the same sequence.
      RandomFrames other(100, 20, 6, false);
      v1::Frame otherKey;
      encodePackedFrame(other.next(), &otherKey);
      QCOMPARE(otherKey.sequence(), std::uint64_t(1));
      QVERIFY(!decodeFrame(otherKey, 100, 20, &out, &held));
    }
    if (reader == 4) {
      std::string bytes = delta.packed();
      bytes.resize(bytes.size() - 5);
      delta.set_packed(bytes);
    }
    const Frame before = out;
    const PackedReference heldBefore = held;
    const auto error = decodeFrame(delta, static_cast<std::size_t>(devices), 20, &out, &held);
    VERIFY_HAS_VALUE(error);
    QVERIFY2(QString::fromStdString(*error).startsWith(message), error->c_str());
    QCOMPARE(held.sequence, heldBefore.sequence);
    QVERIFY(held.planes == heldBefore.planes);
    if (reader != 4) compareFrames(out, before);
    // Nor can a gateway unpack it for an old client, nor a history read it.
    v1::Frame plain;
    QVERIFY(unpackFrame(delta, &plain).has_value());
    std::vector<std::uint32_t> which{0};
    std::vector<DeviceSample> samples(1);
    QVERIFY(readDeviceSamples(delta, 100, which, samples).has_value());
  }

  // Every whole frame the reader decodes becomes its reference, so a reader
  // that applied a delta and then got a whole frame holds that one.
  void wholeFrameReplacesTheReference() {
    RandomFrames frames(50, 10, 7, false);
    PackedFrameEncoder encoder(8);
    PackedReference held;
    Frame out;
    v1::Frame whole;
    v1::Frame delta;
    QVERIFY(!encoder.encode(frames.next(), &whole, &delta));
    QVERIFY(!decodeFrame(whole, 50, 10, &out, &held));
    QCOMPARE(held.sequence, std::uint64_t(1));
    QVERIFY(encoder.encode(frames.next(), &whole, &delta));
    QVERIFY(!decodeFrame(delta, 50, 10, &out, &held));
    QCOMPARE(held.sequence, std::uint64_t(1));  // a delta is never a reference
    QVERIFY(!decodeFrame(whole, 50, 10, &out, &held));
    QCOMPARE(held.sequence, std::uint64_t(2));
    QVERIFY(encoder.encode(frames.next(), &whole, &delta));
    QVERIFY(decodeFrame(delta, 50, 10, &out, &held).has_value());  // against 1, holds 2
  }
};

QTEST_GUILESS_MAIN(TestFrameDeltas)
#include "tst_frame_deltas.moc"
