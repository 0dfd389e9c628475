// The device history use case on frames in memory: decimation keeps every
// peak, job runs become spans, only the frames in range are read, and every
// bound is refused with the field named.
#include "base/history/device_history.h"
#include "base/history/device_history_query.h"
#include "base/model/frame.h"
#include "vector_history_frames.h"

#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

constexpr std::size_t kDevices = 12;
constexpr std::int64_t kPeriodMs = 3000;

// An hour at the agents' 3 s period: device d runs at 0.1 * (d + 1), with
// one one-frame spike to 1.0 on device 2 at frame 777; device 1 runs job 10
// for frames 100..199 and job 11 for 200..299, idle otherwise.
std::vector<Frame> hour() {
  std::vector<Frame> frames(1200);
  for (std::size_t t = 0; t < frames.size(); ++t) {
    Frame& f = frames[t];
    f.resize(kDevices, 1);
    f.simTimeMs = 60000 + static_cast<std::int64_t>(t) * kPeriodMs;
    for (std::size_t d = 0; d < kDevices; ++d) {
      f.utilization[d] = 0.1f * static_cast<float>(d + 1);
      f.memoryUsed[d] = 0.5f;
      f.powerWatts[d] = 100.0f + static_cast<float>(t % 7);
      f.temperatureC[d] = 40.0f;
    }
    if (t == 777) {
      f.utilization[2] = 1.0f;
      f.temperatureC[2] = 88.0f;
    }
    if (t >= 100 && t < 200) f.job[1] = 10;
    if (t >= 200 && t < 300) f.job[1] = 11;
  }
  return frames;
}

HistoryError refusal(const HistoryRequest& request) {
  VectorHistoryFrames frames(hour());
  auto result = readDeviceHistory(frames, request);
  if (!std::holds_alternative<HistoryError>(result)) qFatal("the request was not refused");
  return std::get<HistoryError>(result);
}

}  // namespace

class TestDeviceHistory : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void decimationKeepsPeaks() {
    VectorHistoryFrames frames(hour());
    HistoryRequest request;
    request.devices = {2, 0};
    request.points = 50;  // 24 frames a bucket
    auto result = readDeviceHistory(frames, request);
    QVERIFY(std::holds_alternative<DeviceHistory>(result));
    const DeviceHistory& h = std::get<DeviceHistory>(result);
    QCOMPARE(h.points, 50u);
    QCOMPARE(h.framesRead, 1200u);
    QCOMPARE(h.fromMs, 60000);
    QCOMPARE(h.toMs, 60000 + 1199 * kPeriodMs);
    QCOMPARE(h.devices.size(), std::size_t{2});
    QCOMPARE(h.devices[0].device, 2u);  // in the order asked
    const MetricSeries& util = h.devices[0].of(SeriesMetric::Utilization);
    const std::size_t spike = 777 * 50 / 1200;
    int peaks = 0;
    for (std::size_t b = 0; b < 50; ++b) {
      QVERIFY(!std::isnan(util.max[b]));
      QCOMPARE(util.min[b], 0.3f);  // the spike never lowers the floor
      if (util.max[b] == 1.0f) {
        ++peaks;
        QCOMPARE(b, spike);
      }
    }
    QCOMPARE(peaks, 1);
    QCOMPARE(h.devices[0].of(SeriesMetric::Temperature).max[spike], 88.0f);
    // min and max of a sawtooth: every bucket holds its whole range.
    const MetricSeries& power = h.devices[1].of(SeriesMetric::Power);
    QCOMPARE(power.min[10], 100.0f);
    QCOMPARE(power.max[10], 106.0f);
  }

  void moreBucketsThanFramesLeaveGaps() {
    std::vector<Frame> few = hour();
    few.resize(10);
    VectorHistoryFrames frames(std::move(few));
    HistoryRequest request;
    request.devices = {0};
    request.points = 100;
    const auto h = std::get<DeviceHistory>(readDeviceHistory(frames, request));
    int filled = 0;
    for (float v : h.devices[0].of(SeriesMetric::Utilization).max) filled += std::isnan(v) ? 0 : 1;
    QCOMPARE(filled, 10);
  }

  void jobsBecomeSpans() {
    VectorHistoryFrames frames(hour());
    HistoryRequest request;
    request.devices = {1, 3};
    const auto h = std::get<DeviceHistory>(readDeviceHistory(frames, request));
    QCOMPARE(h.points, HistoryLimits::kDefaultPoints);
    const std::vector<JobSpan> expected{{10, 60000 + 100 * kPeriodMs, 60000 + 199 * kPeriodMs},
                                        {11, 60000 + 200 * kPeriodMs, 60000 + 299 * kPeriodMs}};
    QCOMPARE(h.devices[0].jobs, expected);
    QVERIFY(h.devices[1].jobs.empty());
  }

  void onlyTheRangeIsRead() {
    VectorHistoryFrames frames(hour());
    HistoryRequest request;
    request.devices = {0};
    request.fromMs = 60000 + 1000 * kPeriodMs;
    request.toMs = 60000 + 1099 * kPeriodMs;
    request.points = 10;
    const auto h = std::get<DeviceHistory>(readDeviceHistory(frames, request));
    QCOMPARE(h.framesRead, 100u);
    QCOMPARE(frames.reads, std::size_t{100});
    QCOMPARE(h.fromMs, request.fromMs);
    QCOMPARE(h.toMs, request.toMs);
    // A range after the newest frame: a valid, empty answer.
    request.fromMs = 60000 + 5000 * kPeriodMs;
    request.toMs = 0;
    const auto later = std::get<DeviceHistory>(readDeviceHistory(frames, request));
    QCOMPARE(later.framesRead, 0u);
  }

  void boundsRefusedWithTheFieldNamed_data() {
    QTest::addColumn<std::vector<std::uint32_t>>("devices");
    QTest::addColumn<std::uint32_t>("points");
    QTest::addColumn<qint64>("fromMs");
    QTest::addColumn<qint64>("toMs");
    QTest::addColumn<QString>("field");
    std::vector<std::uint32_t> many(65);
    for (std::uint32_t i = 0; i < 65; ++i) many[i] = i % 4;
    QTest::newRow("none") << std::vector<std::uint32_t>{} << 0u << qint64(0) << qint64(0) << "devices";
    QTest::newRow("too many") << many << 0u << qint64(0) << qint64(0) << "devices";
    QTest::newRow("not in topology") << std::vector<std::uint32_t>{0, 12} << 0u << qint64(0) << qint64(0)
                                     << "devices[1]";
    QTest::newRow("twice") << std::vector<std::uint32_t>{3, 1, 3} << 0u << qint64(0) << qint64(0) << "devices[2]";
    QTest::newRow("points") << std::vector<std::uint32_t>{0} << 5000u << qint64(0) << qint64(0) << "points";
    QTest::newRow("cells") << std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8} << 4096u << qint64(0) << qint64(0)
                           << "points";
    QTest::newRow("backwards") << std::vector<std::uint32_t>{0} << 0u << qint64(5000) << qint64(4000) << "to_ms";
    QTest::newRow("negative") << std::vector<std::uint32_t>{0} << 0u << qint64(-1) << qint64(0) << "from_ms";
  }
  void boundsRefusedWithTheFieldNamed() {
    QFETCH(std::vector<std::uint32_t>, devices);
    QFETCH(std::uint32_t, points);
    QFETCH(qint64, fromMs);
    QFETCH(qint64, toMs);
    QFETCH(QString, field);
    const HistoryError e = refusal({devices, fromMs, toMs, points});
    QCOMPARE(e.kind, HistoryError::Kind::BadRequest);
    QCOMPARE(QString::fromStdString(e.field), field);
    QVERIFY(!e.problem.empty());
  }

  void theLargestRequestFitsItsBound() {
    VectorHistoryFrames frames(hour());
    HistoryRequest request;
    request.devices = {0, 1, 2, 3, 4, 5, 6, 7};
    request.points = HistoryLimits::kMaxCells / 8;
    const auto h = std::get<DeviceHistory>(readDeviceHistory(frames, request));
    std::size_t values = 0;
    for (const DeviceSeries& d : h.devices)
      for (const MetricSeries& m : d.metrics) values += m.min.size() + m.max.size();
    QCOMPARE(values, std::size_t{HistoryLimits::kMaxCells} * kSeriesMetricCount * 2);
  }
};

QTEST_GUILESS_MAIN(TestDeviceHistory)
#include "tst_device_history.moc"
