// The History tab in a live workspace on a real gateway (a simulated cluster
// on loopback): a device selected on the heatmap shows its series from the
// gateway's ring, devices added overlay, and in replay the same devices
// come from the snapshot file's frames.
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "replay_controller.h"
#include "serve/client/snapshot_fetcher.h"
#include "serve/gateway/gateway.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_history_panel.h"
#include "widgets/heatmap_view.h"
#include "widgets/theme.h"

#include <QApplication>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;

class TestDeviceHistoryConsole : public QObject {
  Q_OBJECT

  std::unique_ptr<Gateway> m_gateway;
  std::unique_ptr<ClusterWorkspace> m_workspace;
  QTemporaryDir m_dir;

  // A click on the device's heatmap cell, as an operator picks it.
  void click(int device) {
    HeatmapView* heatmap = m_workspace->dashboard()->heatmap();
    heatmap->replotNow();
    const QPoint pos = heatmap->plot()->mapFrom(heatmap, heatmap->cellCenter(device).toPoint());
    QTest::mouseClick(heatmap->plot(), Qt::LeftButton, {}, pos);
    QCOMPARE(heatmap->selectedDevice(), std::optional<int>(device));
  }

  void save(const QString& name) {
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty()) QVERIFY(m_workspace->grab().save(dir + QLatin1Char('/') + name));
  }

 private Q_SLOTS:
  void initTestCase() {
    SimOptions sim;
    sim.shape = defaultClusterShape(3, 3, 1);
    sim.warmupS = 900;
    GatewayOptions options;
    options.speed = 100.0;  // a frame every 30 ms: the ring fills in seconds
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    m_workspace = std::make_unique<ClusterWorkspace>(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address())), QStringLiteral("sim"));
    m_workspace->resize(1300, 850);
    m_workspace->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_workspace.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_workspace->topology() != nullptr, 20000);
  }

  void cleanupTestCase() {
    m_workspace.reset();
    m_gateway.reset();
  }

  void liveFromTheRing() {
    ClusterWorkspace& ws = *m_workspace;
    DeviceHistoryPanel* panel = ws.dashboard()->history();
    ws.dashboard()->showHistory();
    QCOMPARE(ws.dashboard()->sidePanels()->currentWidget(), panel);
    // A GPU, picked on the heatmap: the History tab stays in front.
    const auto gpu = static_cast<int>(ws.topology()->nodes[3].firstDevice);
    click(gpu);
    QCOMPARE(ws.dashboard()->sidePanels()->currentWidget(), panel);
    QCOMPARE(panel->devices(), std::vector<std::uint32_t>{static_cast<std::uint32_t>(gpu)});
    QTRY_VERIFY_WITH_TIMEOUT(panel->view()->history() && panel->view()->history()->framesRead >= 20, 20000);
    // Added to the history, then a CPU beside it: both overlaid.
    panel->addSelected();
    click(0);
    QTRY_COMPARE_WITH_TIMEOUT(panel->view()->shownDevices(), 2, 10000);
    panel->showNode();
    QTRY_COMPARE_WITH_TIMEOUT(panel->view()->shownDevices(),
                              static_cast<int>(std::min<std::uint32_t>(ws.topology()->nodes[0].deviceCount, 8)), 10000);
    panel->clear();
    click(gpu);
    panel->addSelected();
    click(gpu + 1);
    QTRY_COMPARE_WITH_TIMEOUT(panel->view()->shownDevices(), 2, 10000);
    QCOMPARE(panel->view()->history()->devices[1].device, static_cast<std::uint32_t>(gpu + 1));
    save(QStringLiteral("console-history-light.png"));
    QApplication::setPalette(Theme::darkPalette());
    QTest::qWait(200);
    save(QStringLiteral("console-history-dark.png"));
    QApplication::setPalette(Theme::lightPalette());
  }

  void replayFromTheSnapshot() {
    ClusterWorkspace& ws = *m_workspace;
    DeviceHistoryPanel* panel = ws.dashboard()->history();
    SnapshotFetcher fetcher(grpc::CreateChannel(m_gateway->address(), grpc::InsecureChannelCredentials()));
    auto fetched = fetcher.fetch(0);
    QVERIFY(std::holds_alternative<SnapshotData>(fetched));
    const SnapshotData& data = std::get<SnapshotData>(fetched);
    QVERIFY(data.history.size() >= 20);
    QVERIFY(m_dir.isValid());
    const QString file = m_dir.filePath(QStringLiteral("history.hsnap"));
    {
      auto store = SnapshotStore::open(file.toStdString(), OpenMode::Create);
      QVERIFY(std::holds_alternative<SnapshotStore>(store));
      QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(store).save(data)));
    }
    ws.replay()->openFile(file);
    QTRY_VERIFY_WITH_TIMEOUT(ws.inReplay(), 10000);
    // The same devices, now over the snapshot's frames, first to last.
    QTRY_VERIFY_WITH_TIMEOUT(panel->view()->history() && panel->view()->history()->framesRead == data.history.size() &&
                                 panel->view()->history()->fromMs == data.history.front().simTimeMs,
                             10000);
    QCOMPARE(panel->view()->shownDevices(), 2);
    ws.replay()->leave();
    QTRY_VERIFY_WITH_TIMEOUT(panel->view()->history() && panel->view()->history()->toMs > data.history.back().simTimeMs,
                             10000);
  }
};

QTEST_MAIN(TestDeviceHistoryConsole)
#include "tst_device_history_console.moc"
