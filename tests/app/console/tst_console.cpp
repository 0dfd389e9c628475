// The console window wired to a real gateway on loopback: data arrives in
// the views, a lost gateway turns them stale, and the submit dialog shows
// the gateway's refusal with the field named while keeping the form.
#include "base/model/connection_state.h"
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "engine/policy/builtin_policies.h"
#include "gateway_control.h"
#include "job_selection.h"
#include "main_window.h"
#include "policy.pb.h"
#include "policy_pages.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "status_area.h"
#include "usecases/whatif/whatif_source.h"
#include "whatif_launcher.h"
#include "whatif_runner.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/connection_indicator.h"
#include "widgets/embedding_map_view.h"
#include "widgets/heatmap_view.h"
#include "widgets/kind_summary_strip.h"
#include "widgets/policy_editor.h"
#include "widgets/queue_page.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/submit_job_dialog.h"
#include "widgets/whatif_view.h"

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <memory>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

const std::string kToken = "console-test-token";

ClientOptions withToken() {
  ClientOptions options;
  options.bearerToken = kToken;
  return options;
}

std::unique_ptr<Gateway> startGateway() {
  SimOptions sim;
  sim.shape = defaultClusterShape(3, 2, 1);
  sim.warmupS = 1800;
  GatewayOptions options;
  options.speed = 30.0;
  options.tokens.add(kToken, Role::Operator, "console-test");
  auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
  std::string error;
  if (!gateway->start(&error)) qFatal("gateway: %s", error.c_str());
  return gateway;
}

}  // namespace

class TestConsole : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void liveDataReachesTheViewsAndGoesStale() {
    auto gateway = startGateway();
    MainWindow window;
    ClusterWorkspace& ws = *window.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(gateway->address())), QStringLiteral("test"));
    window.resize(1200, 800);
    window.show();
    ClusterDashboard* dashboard = ws.dashboard();
    QTRY_COMPARE_WITH_TIMEOUT(dashboard->summary()->valueText(DeviceKind::Gpu, KindSummaryStrip::Field::Devices),
                              QStringLiteral("16"), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->heatmap()->isStale(), 5000);
    auto* indicator = window.findChild<ConnectionIndicator*>();
    QVERIFY(indicator);
    QVERIFY2(indicator->text().startsWith(QStringLiteral("Live")), qPrintable(indicator->text()));
    QVERIFY2(window.windowTitle().contains(QStringLiteral("26 devices")), qPrintable(window.windowTitle()));

    gateway->stop();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->heatmap()->isStale(), 10000);
    QVERIFY2(indicator->text().contains(QStringLiteral("stale")), qPrintable(indicator->text()));
  }

  void refusedJobKeepsTheFormAndNamesTheField() {
    auto gateway = startGateway();
    ClusterConnection connection(QString::fromStdString(gateway->address()), withToken());
    GatewayControl control(connection);
    SubmitJobDialog dialog;
    QObject::connect(&dialog, &SubmitJobDialog::submitRequested, &control, &GatewayControl::submitJob);
    QObject::connect(&control, &GatewayControl::jobSubmitFailed, &dialog, &SubmitJobDialog::showError);
    QSignalSpy failed(&control, &GatewayControl::jobSubmitFailed);
    QSignalSpy submitted(&control, &GatewayControl::jobSubmitted);
    dialog.show();
    auto* name = dialog.findChild<QLineEdit*>();
    QVERIFY(name);
    name->clear();  // an empty name is refused by the gateway
    QPushButton* submit = nullptr;
    for (auto* button : dialog.findChildren<QPushButton*>()) {
      if (button->text() == QStringLiteral("Submit")) submit = button;
    }
    QVERIFY(submit);
    QTest::mouseClick(submit, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
    bool shown = false;
    for (auto* label : dialog.findChildren<QLabel*>()) {
      shown = shown || (label->isVisible() && label->text().contains(QStringLiteral("spec.name")));
    }
    QVERIFY2(shown, "the refusal with its field is visible in the dialog");
    QVERIFY(dialog.isVisible());

    name->setText(QStringLiteral("from-dialog"));
    QTest::mouseClick(submit, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(submitted.count(), 1, 5000);
  }

  // Issue 13: Enter in the submit dialog gave no confirmation: the default
  // button was lost when the dialog showed, and Enter pressed Cancel.
  void enterInTheSubmitDialogSubmits() {
    auto gateway = startGateway();
    MainWindow window;
    ClusterWorkspace* ws =
        window.addCluster(std::make_unique<ClusterConnection>(QString::fromStdString(gateway->address()), withToken()),
                          QStringLiteral("test"));
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(ws->connection()->status().state == ConnectionState::Live, 5000);
    ws->openSubmitDialog();
    auto* dialog = ws->findChild<SubmitJobDialog*>();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QSignalSpy submitted(ws->control(), &GatewayControl::jobSubmitted);
    auto* name = dialog->findChild<QLineEdit*>();
    name->setFocus();
    QTest::keyClick(name, Qt::Key_Return);
    QVERIFY(submitted.wait(5000));
    QTRY_VERIFY(ws->findChild<SubmitJobDialog*>() == nullptr || !dialog->isVisible());
    QVERIFY2(window.statusArea()->message().contains(QStringLiteral("submitted")),
             qPrintable(window.statusArea()->message()));
  }

  // Issue 13: a what-if on the live cluster took about ten actions (save,
  // name, browse, filter, pick, in force, built-ins, run). Now: one to set
  // it up from the cluster's state, one to run.
  void whatifFromNowIsTwoActions() {
    QStandardPaths::setTestModeEnabled(true);  // the scratch snapshot goes to a test folder
    auto gateway = startGateway();
    MainWindow window;
    ClusterWorkspace* ws =
        window.addCluster(std::make_unique<ClusterConnection>(QString::fromStdString(gateway->address()), withToken()),
                          QStringLiteral("test"));
    window.show();
    PolicyPages* pages = ws->policyPages();
    QTRY_VERIFY_WITH_TIMEOUT(pages->gatewayState() != nullptr, 10000);
    QTest::qWait(300);  // some history in the gateway's ring
    for (const v1::Policy& p : builtinPolicies())
      if (p.name() == "sjf") pages->editor()->setPolicy(p);  // the candidate the operator edited

    QSignalSpy ready(ws->whatifLauncher(), &WhatifLauncher::ready);
    window.findChild<QAction*>(QStringLiteral("whatifFromNow"))->trigger();  // action 1
    QVERIFY(ready.wait(30000));
    QCOMPARE(ready.front().front().toInt(), 2);
    const WhatifSource source = pages->whatif()->source();
    QCOMPARE(source.kind, WhatifSource::Kind::Snapshot);
    QVERIFY(source.fromCut);
    QVERIFY(QFileInfo::exists(QString::fromStdString(source.path)));
    QCOMPARE(pages->whatif()->policies().front().name(), pages->gatewayState()->active().spec().name());
    QCOMPARE(pages->whatif()->policies().back().name(), std::string("sjf"));
    QCOMPARE(ws->pages()->currentWidget(), static_cast<QWidget*>(pages->whatif()));

    QSignalSpy finished(pages->runner(), &WhatifRunner::finished);
    window.findChild<QAction*>(QStringLiteral("runWhatif"))->trigger();  // action 2
    QVERIFY(finished.wait(60000));
    // The metrics table: the metric's name, then one column per policy.
    const QTableView* metrics = nullptr;
    for (const QTableView* view : pages->whatif()->findChildren<QTableView*>())
      if (view->accessibleName() == QStringLiteral("Metrics per policy")) metrics = view;
    QVERIFY(metrics);
    QCOMPARE(metrics->model()->columnCount(), 3);
  }

  void queueTimelineFillsFromTheGatewayAndSelectsOnTheHeatmap() {
    auto gateway = startGateway();
    MainWindow window;
    ClusterWorkspace& ws = *window.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(gateway->address())), QStringLiteral("test"));
    window.resize(1200, 800);
    QVERIFY(window.showTab(QStringLiteral("timeline")));
    QVERIFY(!window.showTab(QStringLiteral("nonsense")));
    window.show();
    QueueTimelineView* timeline = ws.queuePage()->timeline();
    // Running and completed jobs of the warmed-up cluster, on the 1 s timer.
    QTRY_VERIFY_WITH_TIMEOUT(timeline->timeline().segments.size() > 10, 10000);
    QVERIFY(timeline->timeline().nowMs > 0);
    // The job map is computed from the same jobs on a worker thread.
    QTRY_VERIFY_WITH_TIMEOUT(!ws.jobMap()->points().empty(), 60000);
    QVERIFY(!ws.jobMap()->showsEmptyState());
    // A running job picked on the timeline selects its device on the heatmap.
    const auto& segments = timeline->timeline().segments;
    const auto running = std::ranges::find_if(
        segments, [](const TimelineSegment& s) { return s.kind == SegmentKind::Running && s.endMs < 0; });
    QVERIFY(running != segments.end());
    const JobId job = running->job;
    ws.selection()->select(std::vector<JobId>{job}, JobSelection::Origin::Timeline);
    QVERIFY(ws.dashboard()->heatmap()->selectedDevice().has_value());
    QVERIFY(timeline->selectedJobs().empty());  // the origin does not hear itself back
  }
};

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
