// The replay's frames from a real snapshot file: what it lists, what it
// refuses, frames by index and by cluster time exactly as stored, device
// histories, and a file left byte for byte as it was.
#include "base/history/device_history.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "store_test_data.h"
#include "usecases/replay/replay_source.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

namespace {

constexpr std::size_t kFrames = 40;

ReplaySource openSource(const QString& path) {
  auto opened = ReplaySource::open(path.toStdString());
  if (auto* e = std::get_if<StoreError>(&opened)) qFatal("open failed: %s", e->message.c_str());
  return std::get<ReplaySource>(std::move(opened));
}

ReplayFrame frameOrFail(ReplaySource& source, ReplaySeek seek) {
  auto got = source.frame(seek);
  if (auto* e = std::get_if<StoreError>(&got)) qFatal("frame failed: %s", e->message.c_str());
  return std::get<ReplayFrame>(std::move(got));
}

ReplaySeek byIndex(std::int64_t i) { return {.by = ReplaySeek::By::Index, .value = i}; }
ReplaySeek byTime(std::int64_t ms) { return {.by = ReplaySeek::By::Time, .value = ms}; }

}  // namespace

class TestReplaySource : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QString m_file;
  SnapshotData m_data;
  SnapshotId m_replayable = 0;
  SnapshotId m_frameless = 0;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_file = m_dir.filePath(QStringLiteral("replay.hsnap"));
    m_data = simSnapshot(7, kFrames);
    SnapshotData frameless = simSnapshot(8, 0);
    frameless.name = "no history";
    SnapshotStore store = openOrFail(m_file, OpenMode::Create);
    m_replayable = value(store.save(m_data));
    m_frameless = value(store.save(frameless));
  }

  void listsAndRefuses() {
    ReplaySource source = openSource(m_file);
    const auto list = value(source.snapshots());
    QCOMPARE(list.size(), std::size_t{2});
    QVERIFY(!ReplaySource::refusal(list));
    QVERIFY(ReplaySource::refusal(std::vector<SnapshotInfo>{}) == ReplayRefusal::NoSnapshots);
    QCOMPARE(list[0].id, m_replayable);
    QVERIFY(!ReplaySource::refusal(list[0]));
    QCOMPARE(list[1].id, m_frameless);
    QVERIFY(ReplaySource::refusal(list[1]) == ReplayRefusal::NoFrames);

    // Nothing loaded yet: no frames and no history to read.
    QVERIFY(!source.loaded());
    const auto none = source.frame(byIndex(0));
    QVERIFY(std::holds_alternative<StoreError>(none));
    QCOMPARE_CODE(std::get<StoreError>(none).code, StoreErrorCode::NoSuchSnapshot);
    QVERIFY(
        std::holds_alternative<HistoryError>(source.history({.devices = {0}, .fromMs = 0, .toMs = 0, .points = 0})));

    // A snapshot saved without history loads, and has no frame to show.
    const SnapshotMeta meta = value(source.load(m_frameless));
    QVERIFY(ReplaySource::refusal(meta.info) == ReplayRefusal::NoFrames);
    QCOMPARE(source.frameCount(), std::size_t{0});
    const auto empty = source.frame(byIndex(0));
    QVERIFY(std::holds_alternative<StoreError>(empty));
    QCOMPARE_CODE(std::get<StoreError>(empty).code, StoreErrorCode::OutOfRange);
  }

  void framesByIndexAreTheStoredOnes() {
    ReplaySource source = openSource(m_file);
    const SnapshotMeta meta = value(source.load(m_replayable));
    QCOMPARE(meta.info.name, m_data.name);
    QCOMPARE(source.loaded(), std::optional<SnapshotId>(m_replayable));
    QCOMPARE(source.frameCount(), kFrames);
    for (const std::size_t i : {std::size_t{0}, std::size_t{1}, std::size_t{23}, kFrames - 1, std::size_t{5}}) {
      const ReplayFrame got = frameOrFail(source, byIndex(static_cast<std::int64_t>(i)));
      QCOMPARE(got.index, i);
      compareFrame(got.frame, m_data.history[i]);
    }
    // Out of the history: kept within it.
    QCOMPARE(frameOrFail(source, byIndex(-5)).index, std::size_t{0});
    QCOMPARE(frameOrFail(source, byIndex(1000)).index, kFrames - 1);
  }

  void framesByTimeAreTheLastAtOrBefore() {
    ReplaySource source = openSource(m_file);
    value(source.load(m_replayable));
    const auto& h = m_data.history;
    QCOMPARE(frameOrFail(source, byTime(h[23].simTimeMs)).index, std::size_t{23});
    // Between two frames: the earlier one.
    const std::int64_t between = (h[23].simTimeMs + h[24].simTimeMs) / 2;
    QVERIFY(between > h[23].simTimeMs && between < h[24].simTimeMs);
    const ReplayFrame at = frameOrFail(source, byTime(between));
    QCOMPARE(at.index, std::size_t{23});
    compareFrame(at.frame, h[23]);
    // Before the first: the first; after the last: the last.
    QCOMPARE(frameOrFail(source, byTime(h.front().simTimeMs - 60'000)).index, std::size_t{0});
    QCOMPARE(frameOrFail(source, byTime(h.back().simTimeMs + 60'000)).index, kFrames - 1);
  }

  void aFailedLoadKeepsTheLoadedOne() {
    ReplaySource source = openSource(m_file);
    value(source.load(m_replayable));
    const auto missing = source.load(999);
    QVERIFY(std::holds_alternative<StoreError>(missing));
    QCOMPARE(source.loaded(), std::optional<SnapshotId>(m_replayable));
    compareFrame(frameOrFail(source, byIndex(3)).frame, m_data.history[3]);
  }

  void historyOfTheLoadedSnapshot() {
    ReplaySource source = openSource(m_file);
    value(source.load(m_replayable));
    auto history = source.history({.devices = {0, 5}, .fromMs = 0, .toMs = 0, .points = 0});
    QVERIFY(std::holds_alternative<DeviceHistory>(history));
    const DeviceHistory& h = std::get<DeviceHistory>(history);
    QCOMPARE(h.devices.size(), std::size_t{2});
    QCOMPARE(h.toMs, m_data.history.back().simTimeMs);
    QCOMPARE(h.framesRead, std::uint64_t{kFrames});
  }

  void badFilesAreErrorsAndTheFileIsUntouched() {
    const QByteArray before = fileBytes(m_file);
    {
      ReplaySource source = openSource(m_file);
      value(source.load(m_replayable));
      for (std::int64_t i = 0; i < static_cast<std::int64_t>(kFrames); i += 3) frameOrFail(source, byIndex(i));
    }
    QCOMPARE(fileBytes(m_file), before);  // opened read-only: not a byte written

    const auto missing = ReplaySource::open(m_dir.filePath(QStringLiteral("missing.hsnap")).toStdString());
    QVERIFY(std::holds_alternative<StoreError>(missing));
    QCOMPARE_CODE(std::get<StoreError>(missing).code, StoreErrorCode::NotFound);
    const QString text = m_dir.filePath(QStringLiteral("text.hsnap"));
    QFile f(text);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a snapshot\n");
    f.close();
    const auto notOurs = ReplaySource::open(text.toStdString());
    QVERIFY(std::holds_alternative<StoreError>(notOurs));
    QCOMPARE_CODE(std::get<StoreError>(notOurs).code, StoreErrorCode::NotSqlite);
  }
};

QTEST_GUILESS_MAIN(TestReplaySource)
#include "tst_replay_source.moc"
