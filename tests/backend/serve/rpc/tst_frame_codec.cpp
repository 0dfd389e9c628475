// Frames survive the wire within their quantisation, packed or plain, and a
// frame whose columns disagree with the topology is refused with the column
// named.
#include "base/history/device_history.h"
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job_prediction.h"
#include "checked_value.h"
#include "hetsched.pb.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/prediction_convert.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QString>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;

class TestFrameCodec : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void roundTrip() {
    SimOptions options;
    options.warmupS = 1800;
    SimulatedCluster cluster(options);
    const Frame& in = cluster.frame();
    v1::Frame wire;
    encodeFrame(in, &wire);
    std::string bytes;
    QVERIFY(wire.SerializeToString(&bytes));
    v1::Frame parsed;
    QVERIFY(parsed.ParseFromString(bytes));
    Frame out;
    const auto error = decodeFrame(parsed, in.deviceCount(), in.nodeUp.size(), &out);
    QVERIFY2(!error, error ? error->c_str() : "");
    QCOMPARE(out.sequence, in.sequence);
    QCOMPARE(out.simTimeMs, in.simTimeMs);
    QCOMPARE(out.job, in.job);
    QCOMPARE(out.nodeUp, in.nodeUp);
    QCOMPARE(out.queue, in.queue);
    bool anyBusy = false;
    for (std::size_t i = 0; i < in.deviceCount(); ++i) {
      QVERIFY(std::abs(out.utilization[i] - in.utilization[i]) <= 0.0026f);
      QVERIFY(std::abs(out.memoryUsed[i] - in.memoryUsed[i]) <= 1.0f / 65535);
      QVERIFY(std::abs(out.powerWatts[i] - in.powerWatts[i]) <= 0.5f);
      QVERIFY(std::abs(out.temperatureC[i] - in.temperatureC[i]) <= 0.5f);
      anyBusy = anyBusy || in.utilization[i] > 0.1f;
    }
    QVERIFY2(anyBusy, "the warmed-up cluster should be running jobs");
  }

  void tenThousandDevicesFitBudget() {
    Frame f;
    f.resize(10000, 1250);
    for (std::size_t i = 0; i < 10000; ++i) {
      f.utilization[i] = 0.5f;
      f.powerWatts[i] = 300.0f;
      f.temperatureC[i] = 70.0f;
      f.memoryUsed[i] = 0.7f;
      f.job[i] = 100000 + i;  // realistic ids take three varint bytes
    }
    v1::Frame wire;
    encodeFrame(f, &wire);
    QVERIFY2(wire.ByteSizeLong() <= std::size_t{100} * 1000, qPrintable(QString::number(wire.ByteSizeLong())));
  }

  // The packed form decodes to exactly what the plain one does, and a
  // gateway's unpacking for an old client gives the plain form byte for byte.
  void packedDecodesAsPlain() {
    SimOptions options;
    options.warmupS = 1800;
    options.shape = defaultClusterShape(200, 600, 100);
    SimulatedCluster cluster(options);
    const Frame& in = cluster.frame();
    const std::size_t n = in.deviceCount();
    const std::size_t nodes = in.nodeUp.size();
    v1::Frame plain;
    encodeFrame(in, &plain);
    v1::Frame packed;
    encodePackedFrame(in, &packed);
    QVERIFY(packed.utilization().empty() && packed.job_size() == 0 && packed.node_up().empty());
    v1::Frame parsed;
    QVERIFY(parsed.ParseFromString(packed.SerializeAsString()));
    Frame fromPlain;
    Frame fromPacked;
    QVERIFY(!decodeFrame(plain, n, nodes, &fromPlain));
    const auto error = decodeFrame(parsed, n, nodes, &fromPacked);
    QVERIFY2(!error, error ? error->c_str() : "");
    QCOMPARE(fromPacked.utilization, fromPlain.utilization);
    QCOMPARE(fromPacked.memoryUsed, fromPlain.memoryUsed);
    QCOMPARE(fromPacked.powerWatts, fromPlain.powerWatts);
    QCOMPARE(fromPacked.temperatureC, fromPlain.temperatureC);
    QCOMPARE(fromPacked.job, fromPlain.job);
    QCOMPARE(fromPacked.nodeUp, fromPlain.nodeUp);
    QCOMPARE(fromPacked.queue, fromPlain.queue);
    QCOMPARE(fromPacked.sequence, fromPlain.sequence);
    v1::Frame unpacked;
    QVERIFY(!unpackFrame(parsed, &unpacked));
    QCOMPARE(unpacked.SerializeAsString(), plain.SerializeAsString());
    // A history reads the same samples from either form.
    const std::uint32_t which[] = {0, static_cast<std::uint32_t>(n / 2), static_cast<std::uint32_t>(n - 1)};
    DeviceSample a[3];
    DeviceSample b[3];
    QVERIFY(!readDeviceSamples(plain, n, which, a));
    QVERIFY(!readDeviceSamples(parsed, n, which, b));
    for (int k = 0; k < 3; ++k) {
      QCOMPARE(b[k].utilization, a[k].utilization);
      QCOMPARE(b[k].powerWatts, a[k].powerWatts);
      QCOMPARE(b[k].job, a[k].job);
    }
    // Measured on this cluster (6,000 devices, warmed up): 0.36 of the plain
    // size; a packing that stopped compressing would be near 1.
    const double ratio = static_cast<double>(packed.ByteSizeLong()) / static_cast<double>(plain.ByteSizeLong());
    qInfo("packed / plain: %.3f (%zu / %zu bytes)", ratio, packed.ByteSizeLong(), plain.ByteSizeLong());
    QVERIFY2(ratio < 0.6, qPrintable(QString::number(ratio)));
  }

  // Extremes of every column survive packing: ids far apart (differences
  // past 2^63 wrap), memory jumping from 0 to full and back.
  void packedKeepsExtremes() {
    Frame f;
    f.resize(5, 2);
    f.job = {0, ~0ull, 1, 0x8000000000000000ull, 7};
    f.memoryUsed = {1.0f, 0.0f, 1.0f, 0.5f, 0.0f};
    f.utilization = {1.0f, 0.0f, 0.5f, 1.0f, 0.0f};
    f.powerWatts = {65535.0f, 0.0f, 256.0f, 255.0f, 1.0f};
    f.temperatureC = {255.0f, 0.0f, 40.0f, 90.0f, 1.0f};
    f.nodeUp = {1, 0};
    v1::Frame plain;
    v1::Frame packed;
    encodeFrame(f, &plain);
    encodePackedFrame(f, &packed);
    Frame a;
    Frame b;
    QVERIFY(!decodeFrame(plain, 5, 2, &a));
    QVERIFY(!decodeFrame(packed, 5, 2, &b));
    QCOMPARE(b.job, f.job);
    QCOMPARE(b.memoryUsed, a.memoryUsed);
    QCOMPARE(b.powerWatts, a.powerWatts);
    QCOMPARE(b.temperatureC, a.temperatureC);
    QCOMPARE(b.nodeUp, f.nodeUp);
  }

  // Bad packed bytes are refused with what is wrong, never read past.
  void malformedPackedIsRefused_data() {
    QTest::addColumn<int>("damage");
    QTest::addColumn<int>("devices");
    QTest::addColumn<QString>("message");
    QTest::newRow("other device count") << 0 << 11 << "packed: 10 devices, the topology has 11";
    QTest::newRow("cut short") << 1 << 10 << "packed: ";
    QTest::newRow("unknown format") << 2 << 10 << "packed: unknown format 7";
    QTest::newRow("garbage after the header") << 3 << 10 << "packed: ";
    QTest::newRow("empty header") << 4 << 10 << "packed: header cut short";
  }
  void malformedPackedIsRefused() {
    QFETCH(int, damage);
    QFETCH(int, devices);
    QFETCH(QString, message);
    Frame f;
    f.resize(10, 2);
    v1::Frame wire;
    encodePackedFrame(f, &wire);
    std::string bytes = wire.packed();
    if (damage == 1) bytes.resize(bytes.size() - 3);
    if (damage == 2) bytes[0] = 7;
    if (damage == 3) bytes.replace(3, std::string::npos, std::string(40, '\x5a'));
    if (damage == 4) bytes.resize(1);
    wire.set_packed(bytes);
    Frame out;
    const auto error = decodeFrame(wire, static_cast<std::size_t>(devices), 2, &out);
    VERIFY_HAS_VALUE(error);
    QVERIFY2(QString::fromStdString(*error).startsWith(message), error->c_str());
    v1::Frame plain;
    if (devices == 10) QVERIFY(unpackFrame(wire, &plain).has_value());
  }

  void mismatchedColumnsAreNamed_data() {
    QTest::addColumn<int>("devices");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("column");
    QTest::newRow("more devices than sent") << 11 << 2 << "utilization";
    QTest::newRow("fewer nodes than sent") << 10 << 1 << "node_up";
  }
  void mismatchedColumnsAreNamed() {
    QFETCH(int, devices);
    QFETCH(int, nodes);
    QFETCH(QString, column);
    Frame f;
    f.resize(10, 2);
    v1::Frame wire;
    encodeFrame(f, &wire);
    Frame out;
    const auto error = decodeFrame(wire, static_cast<std::size_t>(devices), static_cast<std::size_t>(nodes), &out);
    VERIFY_HAS_VALUE(error);
    QVERIFY2(QString::fromStdString(*error).startsWith(column), error->c_str());
  }

  // Quantisation rounds as std::lround of the clamped, scaled value, on both
  // forms: values a few ulps either side of every integer and half-integer
  // of each column's range (where a rounding shortcut would go wrong), and
  // NaN, infinities and negatives.
  void quantisationRoundsAsLround() {
    struct Column {
      std::vector<float> Frame::* values;
      float scale;
      float max;
    };
    const Column columns[] = {{&Frame::utilization, 200.0f, 200.0f},
                              {&Frame::temperatureC, 1.0f, 255.0f},
                              {&Frame::memoryUsed, 65535.0f, 65535.0f},
                              {&Frame::powerWatts, 1.0f, 65535.0f}};
    constexpr int kUlps = 3;
    std::vector<std::vector<float>> inputs;
    std::size_t n = 0;
    for (const Column& c : columns) {
      std::vector<float>& in = inputs.emplace_back();
      for (const float special : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                                  -std::numeric_limits<float>::infinity(), -1.0f, -0.4f, 1e9f})
        in.push_back(special);
      for (int k = 0; k <= static_cast<int>(c.max); ++k) {
        for (const float target : {static_cast<float>(k), k + 0.5f}) {
          float v = target / c.scale;
          for (int u = 0; u < kUlps; ++u) v = std::nextafter(v, -1.0f);
          for (int u = 0; u < 2 * kUlps + 1; ++u, v = std::nextafter(v, 1e9f)) in.push_back(v);
        }
      }
      n = std::max(n, in.size());
    }
    Frame f;
    f.resize(n, 1);
    for (std::size_t c = 0; c < std::size(columns); ++c) {
      inputs[c].resize(n, 0.0f);
      f.*columns[c].values = inputs[c];
    }
    v1::Frame plain;
    v1::Frame packed;
    encodeFrame(f, &plain);
    encodePackedFrame(f, &packed);
    for (const v1::Frame* wire : {&plain, &packed}) {
      Frame out;
      const auto error = decodeFrame(*wire, n, 1, &out);
      QVERIFY2(!error, error ? error->c_str() : "");
      for (std::size_t c = 0; c < std::size(columns); ++c) {
        const Column& column = columns[c];
        for (std::size_t i = 0; i < n; ++i) {
          float x = inputs[c][i] * column.scale;
          x = x > 0.0f ? x : 0.0f;  // NaN too
          x = std::min(x, column.max);
          // The decoder's own arithmetic on the value lround gives.
          const float expected = static_cast<float>(std::lround(x)) / column.scale;
          const float got = (out.*column.values)[i];
          if (got != expected)
            QFAIL(qPrintable(QStringLiteral("column %1, %2 (%3): got %4, lround gives %5")
                                 .arg(c)
                                 .arg(static_cast<double>(inputs[c][i]), 0, 'g', 9)
                                 .arg(wire == &plain ? "plain" : "packed")
                                 .arg(static_cast<double>(got))
                                 .arg(static_cast<double>(expected))));
        }
      }
    }
  }

  // A quota's hold crosses the wire with its team and numbers.
  void quotaReasonRoundTrips() {
    QueuePredictions p;
    p.availability = PredictionAvailability::Available;
    JobPrediction& j = p.jobs.emplace_back();
    j.job = 7;
    j.reason.cause = WaitCause::Quota;
    j.reason.kind = DeviceKind::Gpu;
    j.reason.quota = {"vision", false, 12000, 8000, 250, 2000};
    JobPrediction& k = p.jobs.emplace_back();
    k.job = 8;
    k.reason.cause = WaitCause::Quota;
    k.reason.quota = {"platform", true, 0, 0, 0, 500};
    v1::GetPredictionsResponse wire;
    toProto(p, &wire);
    const auto back = fromProto(wire);
    QVERIFY(std::holds_alternative<QueuePredictions>(back));
    const QueuePredictions& q = std::get<QueuePredictions>(back);
    QCOMPARE(q.jobs.size(), std::size_t{2});
    // Through p.jobs, not j and k: the second emplace_back moved the first.
    QVERIFY(q.jobs[0].reason.quota == p.jobs[0].reason.quota);
    QVERIFY(q.jobs[1].reason.quota == p.jobs[1].reason.quota);
    QVERIFY(q.jobs[0].reason == p.jobs[0].reason);
  }

  // A reservation crosses the wire: the node kept from a job, for whom and
  // until when; the node kept for a job; and none (-1), as before.
  void reservationRoundTrips() {
    QueuePredictions p;
    p.availability = PredictionAvailability::Available;
    p.jobs.resize(3);
    p.jobs[0].job = 7;
    p.jobs[0].reason.cause = WaitCause::Reserved;
    p.jobs[0].reason.kind = DeviceKind::Gpu;
    p.jobs[0].reason.keptNode = 0;
    p.jobs[0].reason.keptFor = 12;
    p.jobs[0].reason.keptUntilMs = 86'400'000;
    p.jobs[1].job = 12;
    p.jobs[1].reason.cause = WaitCause::Resources;
    p.jobs[1].reason.keptNode = 3;
    p.jobs[1].reason.keptForIt = true;
    p.jobs[1].reason.keptUntilMs = 86'400'000;
    p.jobs[2].job = 13;
    p.jobs[2].reason.cause = WaitCause::Queue;
    v1::GetPredictionsResponse wire;
    toProto(p, &wire);
    QCOMPARE(wire.predictions(0).reason().cause(), v1::WaitReason::CAUSE_RESERVED);
    const auto back = fromProto(wire);
    QVERIFY(std::holds_alternative<QueuePredictions>(back));
    const QueuePredictions& q = std::get<QueuePredictions>(back);
    QCOMPARE(q.jobs.size(), std::size_t{3});
    for (std::size_t i = 0; i < 3; ++i) QVERIFY(q.jobs[i].reason == p.jobs[i].reason);
    QCOMPARE(q.jobs[2].reason.keptNode, -1);
    // A peer from before the reservation leaves the fields at proto3's
    // zeros: no node is kept, not node 0.
    wire.mutable_predictions(2)->mutable_reason()->clear_kept_node();
    wire.mutable_predictions(2)->mutable_reason()->clear_kept_until_ms();
    const auto old = fromProto(wire);
    QVERIFY(std::holds_alternative<QueuePredictions>(old));
    QCOMPARE(std::get<QueuePredictions>(old).jobs[2].reason.keptNode, -1);
    QCOMPARE(std::get<QueuePredictions>(old).jobs[2].reason.keptUntilMs, std::int64_t{-1});
  }
};

QTEST_GUILESS_MAIN(TestFrameCodec)
#include "tst_frame_codec.moc"
