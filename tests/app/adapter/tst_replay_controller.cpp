// The replay controller with no window at all: it owns the replay (file,
// snapshot, frame shown, playing, speed) and only reports; a real snapshot
// file opens, plays to its end, steps, asks which of several snapshots,
// refuses what cannot be replayed and goes back to live.
#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "replay_controller.h"
#include "store_test_data.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

namespace {

constexpr std::size_t kFrames = 30;

}  // namespace

class TestReplayController : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QString m_one;   // one snapshot with history
  QString m_two;   // two snapshots with history
  QString m_empty;  // one snapshot without history
  SnapshotData m_data;

  static void save(const QString& path, const std::vector<SnapshotData>& snapshots) {
    SnapshotStore store = openOrFail(path, OpenMode::Create);
    for (const SnapshotData& d : snapshots) value(store.save(d));
  }

  // The last frame applied, once frames stop arriving for what was asked.
  static qulonglong lastIndex(const QSignalSpy& applied) { return applied.back().front().toULongLong(); }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_data = simSnapshot(5, kFrames);
    m_one = m_dir.filePath(QStringLiteral("one.hsnap"));
    save(m_one, {m_data});
    SnapshotData other = simSnapshot(6, 12);
    other.name = "the second";
    m_two = m_dir.filePath(QStringLiteral("two.hsnap"));
    save(m_two, {m_data, other});
    m_empty = m_dir.filePath(QStringLiteral("empty.hsnap"));
    save(m_empty, {simSnapshot(7, 0)});
  }

  void entersStepsPlaysToTheEndAndLeaves() {
    ReplayController replay;
    QSignalSpy entered(&replay, &ReplayController::entered);
    QSignalSpy applied(&replay, &ReplayController::frameApplied);
    QSignalSpy playing(&replay, &ReplayController::playingChanged);
    QSignalSpy left(&replay, &ReplayController::left);
    replay.openFile(m_one);
    QVERIFY(entered.wait(10000));
    QVERIFY(replay.active());
    QCOMPARE(replay.file(), m_one);
    QCOMPARE(replay.meta()->info.frameCount, kFrames);
    QTRY_COMPARE(applied.count(), 1);  // the first frame comes by itself
    QCOMPARE(lastIndex(applied), qulonglong{0});
    QCOMPARE(applied.back().at(1).value<std::shared_ptr<const Frame>>()->simTimeMs, m_data.history[0].simTimeMs);

    replay.step(3);
    QTRY_COMPARE(replay.playback().index(), std::size_t{3});
    QCOMPARE(replay.playback().timeMs(), m_data.history[3].simTimeMs);
    replay.step(-10);
    QTRY_COMPARE(replay.playback().index(), std::size_t{0});
    replay.seekTime(m_data.history[20].simTimeMs + 1);
    QTRY_COMPARE(replay.playback().index(), std::size_t{20});

    QSignalSpy speed(&replay, &ReplayController::speedChanged);
    replay.setSpeed(3);  // not offered: nothing changes
    QCOMPARE(speed.count(), 0);
    replay.setSpeed(128);
    QCOMPARE(speed.count(), 1);
    QCOMPARE(replay.playback().speed(), 128);

    // Played from frame 20, it stops by itself on the last frame.
    const qsizetype beforePlay = applied.count();
    replay.setPlaying(true);
    QCOMPARE(playing.count(), 1);
    QVERIFY(playing.back().front().toBool());
    QTRY_VERIFY_WITH_TIMEOUT(!replay.playback().playing(), 20000);
    QCOMPARE(playing.count(), 2);
    QVERIFY(!playing.back().front().toBool());
    QTRY_COMPARE(lastIndex(applied), qulonglong{kFrames - 1});
    QCOMPARE(replay.playback().index(), kFrames - 1);
    QVERIFY(applied.count() > beforePlay);
    for (qsizetype i = beforePlay; i < applied.count(); ++i) {  // forward only, from where it was
      const qulonglong previous = i == beforePlay ? 20 : applied.at(i - 1).front().toULongLong();
      QVERIFY(applied.at(i).front().toULongLong() >= previous);
    }

    // Playing again from the end starts over; a step pauses.
    replay.setPlaying(true);
    QVERIFY(replay.playback().playing());
    replay.step(1);
    QVERIFY(!replay.playback().playing());
    QCOMPARE(playing.count(), 4);

    const std::uint64_t framesApplied = replay.framesApplied();
    QCOMPARE(framesApplied, static_cast<std::uint64_t>(applied.count()));
    replay.leave();
    QCOMPARE(left.count(), 1);
    QVERIFY(!replay.active());
    QVERIFY(replay.file().isEmpty());
    replay.leave();  // not replaying: nothing to report
    QCOMPARE(left.count(), 1);
  }

  void asksWhichOfSeveral() {
    ReplayController replay;
    QSignalSpy choice(&replay, &ReplayController::snapshotChoiceNeeded);
    QSignalSpy entered(&replay, &ReplayController::entered);
    replay.openFile(m_two);
    QVERIFY(choice.wait(10000));
    const auto ticket = choice.front().at(0).toULongLong();
    QCOMPARE(choice.front().at(1).toString(), m_two);
    const auto snapshots = choice.front().at(2).value<QList<SnapshotInfo>>();
    QCOMPARE(snapshots.size(), 2);
    QVERIFY(!replay.active());  // nothing replaced until one loads

    replay.choose(ticket + 1, snapshots[1].id);  // an answer to another open
    replay.choose(ticket, snapshots[1].id);
    QVERIFY(entered.wait(10000));
    QCOMPARE(entered.count(), 1);
    QCOMPARE(replay.meta()->info.name, std::string("the second"));
    QCOMPARE(replay.meta()->info.frameCount, std::size_t{12});

    // A cancelled choice leaves the replay in force alone.
    replay.openFile(m_two);
    QVERIFY(choice.wait(10000));
    replay.cancelOpen(choice.back().at(0).toULongLong());
    QVERIFY(replay.active());
    QCOMPARE(replay.meta()->info.name, std::string("the second"));
    QCOMPARE(entered.count(), 1);
  }

  void refusesWhatCannotBeReplayed() {
    ReplayController replay;
    QSignalSpy failed(&replay, &ReplayController::openFailed);
    QSignalSpy entered(&replay, &ReplayController::entered);
    replay.openFile(m_empty);
    QVERIFY(failed.wait(10000));
    QVERIFY(failed.back().at(0).toString().contains(QStringLiteral("no frame history")));
    QCOMPARE(failed.back().at(1).toString(), m_empty);
    QVERIFY(failed.back().at(2).toBool());
    replay.openFile(m_dir.filePath(QStringLiteral("missing.hsnap")));
    QVERIFY(failed.wait(10000));
    QVERIFY(failed.back().at(2).toBool());
    QCOMPARE(entered.count(), 0);
    QVERIFY(!replay.active());
    // Nothing to play or step without a replay.
    replay.setPlaying(true);
    QVERIFY(!replay.playback().playing());
    replay.step(1);
  }
};

QTEST_GUILESS_MAIN(TestReplayController)
#include "tst_replay_controller.moc"
