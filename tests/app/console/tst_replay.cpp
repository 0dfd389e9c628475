// The console's replay, headless: a snapshot file made by the store drives
// the dashboard from stored history; seeking, playing, a corrupt file, and
// a snapshot taken from a live gateway through the File menu's code path.
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "main_window.h"
#include "replay_controller.h"
#include "replay_session.h"
#include "serve/gateway/gateway.h"
#include "snapshot_menu.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "store_test_data.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/heatmap_view.h"
#include "widgets/kind_stats.h"
#include "widgets/kind_summary_strip.h"
#include "widgets/replay_bar.h"

#include <QCoreApplication>
#include <QDir>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <variant>

using namespace hetsched;

namespace {

constexpr std::size_t kFrames = 40;

void compareStats(const KindStats& a, const KindStats& b) {
  QCOMPARE(a.devices, b.devices);
  QCOMPARE(a.nodesDown, b.nodesDown);
  QCOMPARE(a.runningJobs, b.runningJobs);
  QCOMPARE(a.queuedJobs, b.queuedJobs);
  QVERIFY(std::abs(a.meanUtilization - b.meanUtilization) < 1e-9);
  QVERIFY(std::abs(a.powerKw - b.powerKw) < 1e-9);
}

}  // namespace

class TestReplay : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir m_dir;
  QString m_file;
  SnapshotData m_data;

  // The window shows exactly the store's frame at `simTimeMs`.
  void checkShows(ClusterWorkspace& ws, std::int64_t simTimeMs) {
    auto store = SnapshotStore::open(m_file.toStdString(), OpenMode::ReadOnly);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    Frame want;
    QVERIFY(!std::get<SnapshotStore>(store).frameAt(1, simTimeMs, &want));
    const KindStatsTable expected = computeKindStats(m_data.topology, &want);
    for (const DeviceKind kind : kDeviceKinds)
      compareStats(ws.dashboard()->summary()->stats(kind), expected[index(kind)]);
    ClusterDashboard reference;
    reference.setTopology(m_data.topology);
    reference.setFrame(want);
    for (int d = 0; d < int(m_data.topology.devices.size()); d += 7)
      QCOMPARE(ws.dashboard()->heatmap()->cellColor(d), reference.heatmap()->cellColor(d));
  }

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_file = m_dir.filePath(QStringLiteral("replay.hsnap"));
    m_data = test::simSnapshot(7, kFrames);
    auto store = SnapshotStore::open(m_file.toStdString(), OpenMode::Create);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(store).save(m_data)));
  }

  void replayDrivesTheViews() {
    MainWindow window;  // nothing there: replay needs no cluster
    ClusterWorkspace& ws =
        *window.addCluster(std::make_unique<ClusterConnection>(QStringLiteral("127.0.0.1:1")), QStringLiteral("test"));
    window.resize(1400, 900);
    window.show();
    QSignalSpy entered(ws.replay(), &ReplayController::entered);
    QSignalSpy applied(ws.replay(), &ReplayController::frameApplied);
    ws.replay()->openFile(m_file);
    QVERIFY(entered.wait(10000));
    QVERIFY(ws.inReplay());
    QVERIFY(ws.replayBar()->isVisible());
    QVERIFY(ws.replayBar()->bannerText().startsWith(QStringLiteral("Replay — replay.hsnap — sim seed 7 @ ")));
    QTRY_VERIFY(applied.count() >= 1);
    checkShows(ws, m_data.history.front().simTimeMs);

    // Seek to a time between frames: the last frame at or before it shows.
    const std::int64_t t = m_data.history[23].simTimeMs + 1000;
    ws.replay()->session()->seekTime(t);
    QTRY_COMPARE(ws.replayBar()->position(), std::size_t(23));
    checkShows(ws, t);
    QVERIFY(ws.replayBar()->bannerText().endsWith(ReplayBar::formatTime(m_data.history[23].simTimeMs)));

    // The slider asks for frames; the queue timeline follows the frame's time.
    ws.replayBar()->slider()->setValue(30);
    QTRY_COMPARE(ws.replayBar()->position(), std::size_t(30));
    checkShows(ws, m_data.history[30].simTimeMs);

    // Play advances; the controller plays and the bar shows it.
    ws.replayBar()->slider()->setValue(0);
    QTRY_COMPARE(ws.replayBar()->position(), std::size_t(0));
    ws.replay()->setSpeed(128);
    ws.replay()->setPlaying(true);
    QVERIFY(ws.replay()->playback().playing());
    QTRY_VERIFY_WITH_TIMEOUT(ws.replayBar()->position() >= 5, 10000);
    ws.replay()->setPlaying(false);
    QVERIFY(!ws.replay()->playback().playing());
    QCOMPARE(ws.replay()->playback().index(), ws.replayBar()->position());

    // Render it: replay must be unmistakable.
    window.showTab(QStringLiteral("cluster"));
    const QString png = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("replay_console.png"));
    QVERIFY(window.grab().save(png));
    qInfo("rendered %s", qPrintable(png));

    // A corrupt file: an error, and the window stays in its replay.
    const QString corrupt = m_dir.filePath(QStringLiteral("corrupt.hsnap"));
    {
      QFile f(corrupt);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QByteArray("SQLite format 3") + QByteArray(4096, '\x5a'));
    }
    QSignalSpy failed(ws.replay(), &ReplayController::openFailed);
    ws.replay()->openFile(corrupt);
    QVERIFY(failed.wait(10000));
    QVERIFY(!failed.front().front().toString().isEmpty());
    QVERIFY(ws.inReplay());
    QCOMPARE(ws.replay()->file(), m_file);

    // Back to live.
    ws.replay()->leave();
    QVERIFY(!ws.inReplay());
    QVERIFY(!ws.replayBar()->isVisible());
  }

  void corruptFileLeavesLiveAlone() {
    MainWindow window;
    ClusterWorkspace& ws =
        *window.addCluster(std::make_unique<ClusterConnection>(QStringLiteral("127.0.0.1:1")), QStringLiteral("test"));
    QSignalSpy failed(ws.replay(), &ReplayController::openFailed);
    ws.replay()->openFile(m_dir.filePath(QStringLiteral("missing.hsnap")));
    QVERIFY(failed.wait(10000));
    QVERIFY(!ws.inReplay());
  }

  void takeSnapshotFromLiveGateway() {
    GatewayOptions options;
    options.speed = 300;
    options.historyFrames = 10;
    SimOptions sim;
    sim.shape = defaultClusterShape(2, 2, 1);
    sim.warmupS = 300;
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    MainWindow window;
    ClusterWorkspace& ws = *window.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(gateway.address())), QStringLiteral("test"));
    QTest::qWait(500);  // ten frames into the ring
    const QString file = m_dir.filePath(QStringLiteral("taken.hsnap"));
    QSignalSpy saved(window.snapshotMenu(), &SnapshotMenu::snapshotSaved);
    window.snapshotMenu()->takeSnapshot(file);
    QVERIFY(saved.wait(20000));
    QVERIFY(SnapshotMenu::recentFiles().contains(QFileInfo(file).absoluteFilePath()));
    QSignalSpy entered(ws.replay(), &ReplayController::entered);
    window.snapshotMenu()->open(file);
    QVERIFY(entered.wait(10000));
    QCOMPARE(ws.replay()->session()->meta()->info.frameCount, std::size_t(10));
    gateway.stop();
  }
};

QTEST_MAIN(TestReplay)
#include "tst_replay.moc"
