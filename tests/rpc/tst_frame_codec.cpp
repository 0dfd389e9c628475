// Frames survive the wire within their quantisation, and a frame whose
// columns disagree with the topology is refused with the column named.
#include "cluster/simulated_cluster.h"
#include "rpc/frame_codec.h"

#include <QTest>

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
    QVERIFY2(wire.ByteSizeLong() <= 100 * 1000, qPrintable(QString::number(wire.ByteSizeLong())));
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
    QVERIFY(error.has_value());
    QVERIFY2(QString::fromStdString(*error).startsWith(column), error->c_str());
  }
};

QTEST_GUILESS_MAIN(TestFrameCodec)
#include "tst_frame_codec.moc"
