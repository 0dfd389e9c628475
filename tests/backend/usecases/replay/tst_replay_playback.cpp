// The replay's playback over a real snapshot file: a player that does what
// a front end does (advance the clock, read the frame it names, report it
// shown) steps, seeks and plays to the end exactly as the decisions say.
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "store_test_data.h"
#include "usecases/replay/replay_playback.h"
#include "usecases/replay/replay_source.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>
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

// A front end without a screen: frames are read as the playback names them.
struct Player {
  ReplaySource source;
  ReplayPlayback playback;
  std::vector<std::size_t> shown;

  void show(std::size_t index) {
    auto got = source.frame({.by = ReplaySeek::By::Index, .value = static_cast<std::int64_t>(index)});
    if (auto* e = std::get_if<StoreError>(&got)) qFatal("frame failed: %s", e->message.c_str());
    const ReplayFrame& f = std::get<ReplayFrame>(got);
    playback.shown(f.index, f.frame.simTimeMs);
    shown.push_back(f.index);
  }
  ReplayPlayback::Tick tick(std::int64_t wallMs) {
    const auto t = playback.advance(wallMs);
    if (t.seek) show(*t.seek);
    return t;
  }
};

}  // namespace

class TestReplayPlayback : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QString m_file;
  SnapshotData m_data;

  Player player() {
    auto opened = ReplaySource::open(m_file.toStdString());
    if (auto* e = std::get_if<StoreError>(&opened)) qFatal("open failed: %s", e->message.c_str());
    Player p{.source = std::get<ReplaySource>(std::move(opened)), .playback = {}, .shown = {}};
    const SnapshotInfo info = value(p.source.load(1)).info;
    p.playback.reset(info.frameCount, info.firstSimTimeMs, info.lastSimTimeMs);
    p.show(0);
    return p;
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_file = m_dir.filePath(QStringLiteral("play.hsnap"));
    m_data = simSnapshot(11, kFrames);
    SnapshotStore store = openOrFail(m_file, OpenMode::Create);
    QCOMPARE(value(store.save(m_data)), SnapshotId{1});
    // The clock's arithmetic assumes frames at one agent period.
    const std::int64_t period = m_data.history[1].simTimeMs - m_data.history[0].simTimeMs;
    QVERIFY(period > 0);
    for (std::size_t i = 1; i < kFrames; ++i)
      QCOMPARE(m_data.history[i].simTimeMs - m_data.history[i - 1].simTimeMs, period);
  }

  void stepsStayWithinTheHistoryAndPause() {
    Player p = player();
    QCOMPARE(p.playback.index(), std::size_t{0});
    QCOMPARE(p.playback.timeMs(), m_data.history[0].simTimeMs);
    QCOMPARE(p.playback.step(-1), std::optional<std::size_t>(0));
    QCOMPARE(p.playback.step(1), std::optional<std::size_t>(1));
    p.show(1);
    QCOMPARE(p.playback.step(10), std::optional<std::size_t>(11));
    QCOMPARE(p.playback.step(1000), std::optional<std::size_t>(kFrames - 1));
    p.show(kFrames - 1);
    QCOMPARE(p.playback.step(1), std::optional<std::size_t>(kFrames - 1));
    QCOMPARE(p.playback.step(-5), std::optional<std::size_t>(kFrames - 6));
    p.playback.play();
    QVERIFY(p.playback.playing());
    QVERIFY(p.playback.step(1));
    QVERIFY(!p.playback.playing());
    QCOMPARE(p.playback.clamp(-3), std::size_t{0});
    QCOMPARE(p.playback.clamp(7), std::size_t{7});
    QCOMPARE(p.playback.clamp(400), kFrames - 1);

    ReplayPlayback empty;
    QCOMPARE(empty.step(1), std::nullopt);
  }

  void speedsAreTheListedOnes() {
    ReplayPlayback playback;
    QCOMPARE(playback.speed(), 1);
    QVERIFY(!playback.setSpeed(3));
    QVERIFY(!playback.setSpeed(0));
    QCOMPARE(playback.speed(), 1);
    for (const int s : ReplayPlayback::kSpeeds) {
      QVERIFY(playback.setSpeed(s));
      QCOMPARE(playback.speed(), s);
    }
    playback.reset(10, 0, 9000);  // a new history keeps the speed
    QCOMPARE(playback.speed(), ReplayPlayback::kSpeeds.back());
  }

  // Cluster time runs at wall time times the speed; the frame shown is the
  // last one at or before it, and a paused clock names none.
  void theClockNamesTheFrameAtItsTime() {
    Player p = player();
    const auto& h = m_data.history;
    const std::int64_t period = h[1].simTimeMs - h[0].simTimeMs;
    QVERIFY(!p.tick(60'000).seek);  // paused
    QVERIFY(p.playback.setSpeed(4));
    p.playback.play();
    // Half a period into frame 9's time, in wall time at 4×.
    const auto t = p.tick((9 * period + period / 2) / 4);
    QCOMPARE(t.seek, std::optional<std::size_t>(9));
    QVERIFY(!t.ended);
    QCOMPARE(p.playback.index(), std::size_t{9});
    QCOMPARE(p.playback.timeMs(), h[9].simTimeMs);
    // Less than a frame on: nothing new to read.
    QVERIFY(!p.tick(period / 16).seek);
    // Seeking elsewhere and playing on continues from the frame shown.
    p.playback.pause();
    p.show(30);
    p.playback.play();
    QCOMPARE(p.tick(period / 4 + period / 8).seek, std::optional<std::size_t>(31));
  }

  void playsToTheEndAndStops() {
    Player p = player();
    QVERIFY(p.playback.setSpeed(128));
    p.playback.play();
    int ticks = 0;
    int ends = 0;
    while (p.playback.playing() && ticks < 100'000) {
      ends += p.tick(ReplayPlayback::kTickMs).ended ? 1 : 0;
      ++ticks;
    }
    QCOMPARE(ends, 1);
    QVERIFY(!p.playback.playing());
    QCOMPARE(p.playback.index(), kFrames - 1);
    QCOMPARE(p.shown.back(), kFrames - 1);
    // Forward only, every frame named at most once.
    for (std::size_t i = 1; i < p.shown.size(); ++i) QVERIFY(p.shown[i] > p.shown[i - 1]);
    // The whole span at 128× in 40 ms ticks, give or take the last tick.
    const double span = static_cast<double>(m_data.history.back().simTimeMs - m_data.history.front().simTimeMs);
    QCOMPARE(ticks, static_cast<int>(std::ceil(span / 128.0 / ReplayPlayback::kTickMs)));
    // Ended: nothing more to name.
    QVERIFY(!p.tick(1000).seek);

    // Played again from the end: from the first frame.
    p.playback.play();
    QCOMPARE(p.playback.index(), std::size_t{0});
    QCOMPARE(p.playback.timeMs(), m_data.history.front().simTimeMs);
    QVERIFY(p.playback.playing());
  }

  void oneFrameHasNothingToPlay() {
    ReplayPlayback playback;
    playback.reset(1, 5000, 5000);
    playback.play();
    const auto t = playback.advance(ReplayPlayback::kTickMs);
    QVERIFY(t.ended);
    QVERIFY(!t.seek);
    QVERIFY(!playback.playing());
  }
};

QTEST_GUILESS_MAIN(TestReplayPlayback)
#include "tst_replay_playback.moc"
