// The console window wired to a real gateway on loopback: data arrives in
// the views, a lost gateway turns them stale, and the submit dialog shows
// the gateway's refusal with the field named while keeping the form.
#include "cluster/simulated_cluster.h"
#include "cluster_connection.h"
#include "gateway/gateway.h"
#include "job_selection.h"
#include "main_window.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/connection_indicator.h"
#include "widgets/heatmap_view.h"
#include "widgets/kind_summary_strip.h"
#include "widgets/embedding_map_view.h"
#include "widgets/queue_page.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/submit_job_dialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

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
    ClusterConnection connection(QString::fromStdString(gateway->address()));
    MainWindow window(&connection);
    window.resize(1200, 800);
    window.show();
    connection.start();
    ClusterDashboard* dashboard = window.dashboard();
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
    SubmitJobDialog dialog;
    QObject::connect(&dialog, &SubmitJobDialog::submitRequested, &connection, &ClusterConnection::submitJob);
    QObject::connect(&connection, &ClusterConnection::jobSubmitFailed, &dialog, &SubmitJobDialog::showError);
    QSignalSpy failed(&connection, &ClusterConnection::jobSubmitFailed);
    QSignalSpy submitted(&connection, &ClusterConnection::jobSubmitted);
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

  void queueTimelineFillsFromTheGatewayAndSelectsOnTheHeatmap() {
    auto gateway = startGateway();
    ClusterConnection connection(QString::fromStdString(gateway->address()));
    MainWindow window(&connection);
    window.resize(1200, 800);
    QVERIFY(window.showTab(QStringLiteral("timeline")));
    QVERIFY(!window.showTab(QStringLiteral("nonsense")));
    window.show();
    connection.start();
    QueueTimelineView* timeline = window.queuePage()->timeline();
    // Running and completed jobs of the warmed-up cluster, on the 1 s timer.
    QTRY_VERIFY_WITH_TIMEOUT(timeline->timeline().segments.size() > 10, 10000);
    QVERIFY(timeline->timeline().nowMs > 0);
    // The job map is computed from the same jobs on a worker thread.
    QTRY_VERIFY_WITH_TIMEOUT(!window.jobMap()->points().empty(), 60000);
    QVERIFY(!window.jobMap()->showsEmptyState());
    // A running job picked on the timeline selects its device on the heatmap.
    const auto& segments = timeline->timeline().segments;
    const auto running = std::ranges::find_if(segments, [](const TimelineSegment& s) {
      return s.kind == SegmentKind::Running && s.endMs < 0;
    });
    QVERIFY(running != segments.end());
    const JobId job = running->job;
    window.selection()->select(std::vector<JobId>{job}, JobSelection::Origin::Timeline);
    QVERIFY(window.dashboard()->heatmap()->selectedDevice().has_value());
    QVERIFY(timeline->selectedJobs().empty());  // the origin does not hear itself back
  }
};

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
