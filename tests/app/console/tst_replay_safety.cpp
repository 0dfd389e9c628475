// Replay is read-only by construction (issue 13): while a snapshot replays,
// the workspace holds no GatewayControl, every control that would act on a
// gateway is off and says why, and nothing done from the replay reaches the
// live gateway, which keeps running underneath. Rolling back from a replay
// once created a new version on the live gateway.
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "gateway_control.h"
#include "main_window.h"
#include "policy_pages.h"
#include "policy_service.pb.h"
#include "replay_controller.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "store_test_data.h"
#include "widgets/live_policy_panel.h"
#include "widgets/policy_editor.h"

#include <QAction>
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <initializer_list>
#include <memory>
#include <string>
#include <variant>

using namespace hetsched;

namespace {

const std::string kToken = "replay-safety-operator";

// Asks the gateway for its policy version on a connection of its own.
quint64 gatewayVersion(const std::string& address) {
  ClientOptions options;
  options.bearerToken = kToken;
  ClusterConnection connection(QString::fromStdString(address), options);
  GatewayControl control(connection);
  QSignalSpy state(&control, &GatewayControl::policyStateChanged);
  control.fetchPolicy();
  if (!state.wait(10000)) return 0;
  return state.front().at(1).value<std::shared_ptr<const v1::GetPolicyResponse>>()->version();
}

QAction* action(const MainWindow& window, const char* name) {
  return window.findChild<QAction*>(QString::fromLatin1(name));
}

}  // namespace

class TestReplaySafety : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  QString m_file;
  std::unique_ptr<Gateway> m_gateway;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_file = m_dir.filePath(QStringLiteral("safety.hsnap"));
    auto store = SnapshotStore::open(m_file.toStdString(), OpenMode::Create);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(store).save(test::simSnapshot(3, 12))));
    SimOptions sim;
    sim.shape = defaultClusterShape(2, 2, 1);
    sim.warmupS = 300;
    GatewayOptions options;
    options.speed = 30;
    options.tokens.add(kToken, Role::Operator, "safety-test");
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
  }

  void cleanupTestCase() { m_gateway.reset(); }

  void replayCannotActOnTheGateway() {
    MainWindow window;
    ClientOptions options;
    options.bearerToken = kToken;
    ClusterWorkspace* ws =
        window.addCluster(std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address()), options),
                          QStringLiteral("live"));
    window.resize(1200, 800);
    window.show();
    PolicyPages* pages = ws->policyPages();
    QTRY_VERIFY_WITH_TIMEOUT(pages->gatewayState() != nullptr, 10000);
    QVERIFY(ws->control());
    QVERIFY(pages->editor()->pushButton()->isEnabled());
    QTRY_VERIFY(pages->livePanel()->rollbackButton()->isEnabled() ||
                pages->livePanel()->rollbackTarget()->count() == 0);
    for (const char* name : {"submitJob", "pushPolicy", "promoteCanary", "refreshPolicy", "takeSnapshot"})
      QVERIFY2(action(window, name) && action(window, name)->isEnabled(), name);
    const quint64 before = gatewayVersion(m_gateway->address());
    QVERIFY(before >= 1);

    QSignalSpy entered(ws->replay(), &ReplayController::entered);
    ws->replay()->openFile(m_file);
    QVERIFY(entered.wait(10000));
    QVERIFY(ws->inReplay());

    // No control at all: the policy pages have nothing to call.
    QCOMPARE(ws->control(), nullptr);
    QCOMPARE(pages->control(), nullptr);
    QCOMPARE(pages->gatewayState(), nullptr);

    // Every gateway control is off, and says why.
    const QString why = ws->readOnlyReason();
    QVERIFY(why.contains(QStringLiteral("Replaying")));
    for (QWidget* w :
         std::initializer_list<QWidget*>{pages->livePanel()->promoteButton(), pages->livePanel()->rollbackButton(),
                                         pages->editor()->pushButton()}) {
      QVERIFY2(!w->isEnabled(), qPrintable(w->objectName()));
      QCOMPARE(w->toolTip(), why);
    }
    for (const char* name :
         {"submitJob", "pushPolicy", "promoteCanary", "rollbackPolicy", "refreshPolicy", "takeSnapshot"}) {
      QVERIFY2(!action(window, name)->isEnabled(), name);
      QVERIFY2(!action(window, name)->toolTip().isEmpty(), name);
    }
    // The panel says what the snapshot recorded instead of the live state.
    QVERIFY2(pages->livePanel()->stateText().contains(QStringLiteral("recorded")),
             qPrintable(pages->livePanel()->stateText()));

    // Whatever is tried from the replay, the live gateway is untouched.
    bool asked = false;
    pages->setConfirm([&](const QString&, const QString&) { return asked = true; });
    pages->confirmRollback(1);
    pages->confirmPromote();
    pages->livePanel()->rollbackButton()->click();
    action(window, "rollbackPolicy")->trigger();
    action(window, "pushPolicy")->trigger();
    ws->openSubmitDialog();
    QVERIFY(!asked);
    QCOMPARE(ws->findChildren<QDialog*>().size(), 0);
    QTest::qWait(300);
    QCOMPARE(gatewayVersion(m_gateway->address()), before);

    // Back to live: the control comes back, and with it the controls.
    ws->replay()->leave();
    QVERIFY(!ws->inReplay());
    QVERIFY(ws->control());
    QTRY_VERIFY_WITH_TIMEOUT(pages->gatewayState() != nullptr, 10000);
    QVERIFY(pages->editor()->pushButton()->isEnabled());
    QVERIFY(action(window, "promoteCanary")->isEnabled());
    QVERIFY(action(window, "submitJob")->isEnabled());
  }
};

QTEST_MAIN(TestReplaySafety)
#include "tst_replay_safety.moc"
