// Replay scrubbing speed: a 10,000-device snapshot open in the console, the
// slider dragged across it, frames applied to the dashboard per second.
// Latest-wins decoding means the GUI never waits; this counts what it shows.
// HETSCHED_BENCH_REPLAY_SCALE shrinks the cluster (ctest runs it small).
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "main_window.h"
#include "replay_controller.h"
#include "store_test_data.h"
#include "widgets/replay_bar.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <variant>
#include <vector>

using namespace hetsched;

class BenchReplay : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir m_dir;
  QString m_file;
  std::size_t m_devices = 0;

 private Q_SLOTS:
  void initTestCase() {
    const int scale = qEnvironmentVariableIsSet("HETSCHED_BENCH_REPLAY_SCALE")
                          ? qEnvironmentVariableIntValue("HETSCHED_BENCH_REPLAY_SCALE")
                          : 210;  // (840, 840, 420) nodes: 10,080 devices
    const auto s = static_cast<std::uint32_t>(std::max(scale, 1));
    m_file = m_dir.filePath(QStringLiteral("bench.hsnap"));
    const SnapshotData data = test::simSnapshot(3, 300, 4 * s, 4 * s, 2 * s);
    m_devices = data.topology.devices.size();
    auto store = SnapshotStore::open(m_file.toStdString(), OpenMode::Create);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(store).save(data)));
  }

  void scrub() {
    MainWindow window;
    ClusterWorkspace& ws =
        *window.addCluster(std::make_unique<ClusterConnection>(QStringLiteral("127.0.0.1:1")), QStringLiteral("test"));
    window.resize(1400, 900);
    window.show();
    QSignalSpy entered(ws.replay(), &ReplayController::entered);
    ws.replay()->openFile(m_file);
    QVERIFY(entered.wait(30000));
    QSlider* slider = ws.replayBar()->slider();
    std::vector<double> rates;
    for (int run = 0; run < 5; ++run) {
      // A drag: the slider moves every 5 ms, back and forth over the history,
      // far faster than frames decode, so latest-wins drops the rest.
      const std::uint64_t before = ws.replay()->framesApplied();
      QElapsedTimer clock;
      clock.start();
      int value = 0;
      int direction = 1;
      while (clock.elapsed() < 2000) {
        value += direction * 3;
        if (value >= slider->maximum() || value <= 0) direction = -direction;
        slider->setValue(std::clamp(value, 0, slider->maximum()));
        QTest::qWait(5);  // events run: decoded frames are applied and painted
      }
      const double seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
      rates.push_back(static_cast<double>(ws.replay()->framesApplied() - before) / seconds);
    }
    std::ranges::sort(rates);
    qInfo("replay scrubbing, %zu devices: median %.1f frames applied/s (min %.1f, max %.1f, 5 runs of 2 s)", m_devices,
          rates[2], rates.front(), rates.back());
    QVERIFY(rates[2] > 0);
  }
};

QTEST_MAIN(BenchReplay)
#include "bench_replay.moc"
