// Many clusters (issue 13): saved connections open in tabs or windows of
// their own, the overview has a row per open cluster with its numbers and
// state, the title names the cluster shown; and the window keeps its
// connection indicator beside messages, fits 1024 px, and remembers its
// layout.
#include "cluster_connection.h"
#include "cluster_registry.h"
#include "cluster_workspace.h"
#include "main_window.h"
#include "saved_connection_model.h"
#include "serve/gateway/gateway.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "status_area.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/cluster_overview_model.h"
#include "widgets/connection_indicator.h"
#include "widgets/heatmap_view.h"
#include "widgets/metric.h"
#include "widgets/overview_page.h"

#include <QApplication>
#include <QDialog>
#include <QListView>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

using namespace hetsched;

namespace {

std::unique_ptr<Gateway> startGateway(std::uint32_t cpu, std::uint32_t gpu, std::uint32_t tpu) {
  SimOptions sim;
  sim.shape = defaultClusterShape(cpu, gpu, tpu);
  sim.warmupS = 600;
  GatewayOptions options;
  options.speed = 30.0;
  auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
  std::string error;
  if (!gateway->start(&error)) qFatal("gateway: %s", error.c_str());
  return gateway;
}

}  // namespace

class TestManyClusters : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  std::unique_ptr<Gateway> m_alpha;
  std::unique_ptr<Gateway> m_beta;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    // The settings these tests write stay in the temporary folder.
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
    QCoreApplication::setOrganizationName(QStringLiteral("HetSchedTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_many_clusters"));
    m_alpha = startGateway(3, 2, 1);
    m_beta = startGateway(1, 1, 0);
  }

  void cleanupTestCase() {
    m_alpha.reset();
    m_beta.reset();
  }

  void clustersOpenInTabsAndWindowsWithAnOverviewRowEach() {
    QSettings settings(m_dir.filePath(QStringLiteral("connections.ini")), QSettings::IniFormat);
    SavedConnectionModel saved(&settings);
    saved.upsert({QStringLiteral("beta"), QString::fromStdString(m_beta->address()), false, {}, {}});
    int opened = 0;
    ClusterRegistry registry(&saved, [&](int row, MainWindow*, const ClusterRegistry::Done& done) {
      ++opened;
      const std::string& address = saved.isEmbedded(row) ? m_alpha->address() : m_beta->address();
      done(std::make_unique<ClusterConnection>(QString::fromStdString(address)), {});
    });
    MainWindow window(&registry);
    window.resize(1200, 800);
    window.show();
    QString error;
    ClusterWorkspace* alpha = registry.open(0, &window, &error);
    QVERIFY2(alpha, qPrintable(error));
    ClusterWorkspace* beta = registry.open(1, nullptr, &error);  // a window of its own
    QVERIFY2(beta, qPrintable(error));
    QCOMPARE(registry.windows().size(), 2);
    QVERIFY(!window.workspaces().contains(beta));
    QCOMPARE(registry.open(0, &window, &error), alpha);  // shown again, not opened twice
    QCOMPARE(opened, 2);

    // The overview: one row per open cluster, with its numbers and state.
    ClusterOverviewModel* overview = registry.overview();
    QCOMPARE(overview->rowCount(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(
        overview->data(overview->index(0, ClusterOverviewModel::State)).toString() == QStringLiteral("live") &&
            overview->data(overview->index(1, ClusterOverviewModel::State)).toString() == QStringLiteral("live"),
        10000);
    QTRY_VERIFY_WITH_TIMEOUT(overview->summaryAt(0).haveFrame && overview->summaryAt(1).haveFrame, 10000);
    QCOMPARE(overview->data(overview->index(0, ClusterOverviewModel::Devices)).toULongLong(),
             qulonglong(alpha->topology()->devices.size()));
    QCOMPARE(overview->data(overview->index(1, ClusterOverviewModel::Devices)).toULongLong(),
             qulonglong(beta->topology()->devices.size()));
    QVERIFY(alpha->topology()->devices.size() != beta->topology()->devices.size());
    QVERIFY(overview->data(overview->index(0, ClusterOverviewModel::GpuUtil)).toString().endsWith(QStringLiteral("%")));
    QCOMPARE(overview->data(overview->index(1, ClusterOverviewModel::TpuUtil)).toString(), QStringLiteral("—"));
    QCOMPARE(overview->data(overview->index(0, ClusterOverviewModel::Name)).toString(),
             saved.data(saved.index(0)).toString());

    // Each title names its cluster; the overview's counts them.
    window.showWorkspace(alpha);
    QTRY_VERIFY(window.windowTitle().contains(saved.data(saved.index(0)).toString()));
    QVERIFY2(window.windowTitle().contains(QString::fromStdString(alpha->topology()->clusterName)),
             qPrintable(window.windowTitle()));
    MainWindow* betaWindow = registry.windows().at(1);
    QTRY_VERIFY(betaWindow->windowTitle().contains(QStringLiteral("beta")));
    window.showOverview();
    QVERIFY2(window.windowTitle().contains(QStringLiteral("2")), qPrintable(window.windowTitle()));

    // Activating an overview row shows that cluster's tab.
    window.showOverview();
    const QModelIndex row = window.overview()->openTable()->model()->index(0, 0);
    Q_EMIT window.overview()->openTable()->activated(row);
    QCOMPARE(window.currentWorkspace(), alpha);

    // A cluster moves to a window of its own; closing it drops its row.
    MainWindow* moved = window.moveToNewWindow(alpha);
    QVERIFY(moved);
    QVERIFY(moved->workspaces().contains(alpha));
    QVERIFY(window.workspaces().isEmpty());
    QCOMPARE(overview->rowCount(), 2);
    moved->closeWorkspace(alpha);
    QTRY_COMPARE(overview->rowCount(), 1);
    moved->close();
    betaWindow->close();
  }

  // The Overview's "Edit connections…" opens the saved connections' dialog
  // on the saved row selected beside it, and the row it is accepted on opens
  // in this window's tabs, as File > Connect does.
  void editConnectionsOpensTheDialogOnTheSelectedRow() {
    QSettings settings(m_dir.filePath(QStringLiteral("edit.ini")), QSettings::IniFormat);
    SavedConnectionModel saved(&settings);
    saved.upsert({QStringLiteral("beta"), QString::fromStdString(m_beta->address()), false, {}, {}});
    QList<int> opened;
    ClusterRegistry registry(&saved, [&](int row, MainWindow*, const ClusterRegistry::Done& done) {
      opened << row;
      done(std::make_unique<ClusterConnection>(QString::fromStdString(m_beta->address())), {});
    });
    MainWindow window(&registry);
    window.show();
    auto* savedList = window.overview()->findChild<QListView*>();
    QVERIFY(savedList);
    savedList->setCurrentIndex(saved.index(1));
    QPushButton* edit = nullptr;
    for (auto* button : window.overview()->findChildren<QPushButton*>())
      if (button->text().contains(QStringLiteral("Edit"))) edit = button;
    QVERIFY(edit);

    int dialogRow = -1;
    QString dialogTitle;
    QTimer::singleShot(200, this, [&] {
      auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      dialogTitle = dialog->windowTitle();
      if (auto* list = dialog->findChild<QListView*>()) dialogRow = list->currentIndex().row();
      for (auto* button : dialog->findChildren<QPushButton*>())
        if (button->text() == QStringLiteral("Connect")) button->click();
    });
    edit->click();  // runs the dialog until the timer above answers it
    QCOMPARE(dialogRow, 1);
    QVERIFY2(dialogTitle.contains(QStringLiteral("Connect")), qPrintable(dialogTitle));
    QTRY_COMPARE(opened, QList<int>{1});
    QCOMPARE(window.workspaces().size(), 1);
    QCOMPARE(registry.windows().size(), 1);  // in this window, not a new one
  }

  // A saved connection opens once its token and certificate are known
  // (keychain, TLS probe, the operator's answer): later than the request.
  // Asking again meanwhile opens nothing more; a failure opens nothing.
  void aClusterOpensWhenItsOpenerAnswersLater() {
    QSettings settings(m_dir.filePath(QStringLiteral("later.ini")), QSettings::IniFormat);
    SavedConnectionModel saved(&settings);
    saved.upsert({QStringLiteral("beta"), QString::fromStdString(m_beta->address()), false, {}, {}});
    int asked = 0;
    ClusterRegistry::Done pending;
    ClusterRegistry registry(&saved, [&](int, MainWindow*, ClusterRegistry::Done done) {
      ++asked;
      pending = std::move(done);
    });
    QSignalSpy opened(&registry, &ClusterRegistry::opened);
    MainWindow window(&registry);
    QString error;
    QCOMPARE(registry.open(1, &window, &error), nullptr);
    QVERIFY2(error.isEmpty(), qPrintable(error));  // on its way, not failed
    QCOMPARE(registry.open(1, &window, &error), nullptr);
    QCOMPARE(asked, 1);
    pending(std::make_unique<ClusterConnection>(QString::fromStdString(m_beta->address())), {});
    QCOMPARE(opened.size(), 1);
    auto* beta = opened.at(0).at(0).value<ClusterWorkspace*>();
    QVERIFY(window.workspaces().contains(beta));
    QCOMPARE(registry.open(1, &window, &error), beta);  // open now: shown, not asked again
    QCOMPARE(asked, 1);

    const QPointer<ClusterWorkspace> closing(beta);
    window.closeWorkspace(beta);
    QTRY_VERIFY(!closing);  // deleted later
    QCOMPARE(registry.open(1, &window, &error), nullptr);
    pending(nullptr, QStringLiteral("certificate not trusted"));
    QCOMPARE(opened.size(), 1);
    QVERIFY(window.workspaces().isEmpty());
    QCOMPARE(registry.open(1, &window, &error), nullptr);  // may be asked again after a failure
    QCOMPARE(asked, 3);
  }

  // Issue 13: "Job map: …" and other messages replaced the connection
  // indicator in the status bar.
  void messagesLeaveTheConnectionIndicatorAlone() {
    MainWindow window;
    ClusterWorkspace* ws = window.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_alpha->address())), QStringLiteral("alpha"));
    window.resize(1200, 800);
    window.show();
    ConnectionIndicator* indicator = window.statusArea()->indicator();
    QTRY_VERIFY_WITH_TIMEOUT(indicator->text().startsWith(QStringLiteral("Live")), 10000);
    Q_EMIT ws->message(QStringLiteral("Job map: 120 jobs, KL divergence 0.80"), 5000);
    QCOMPARE(window.statusArea()->message(), QStringLiteral("Job map: 120 jobs, KL divergence 0.80"));
    QVERIFY(indicator->isVisible());
    QVERIFY(indicator->text().startsWith(QStringLiteral("Live")));
  }

  // Issue 13: at 1024 px the window snapped to 1163 px.
  void windowFitsIn1024By700() {
    MainWindow window;
    ClusterWorkspace* ws = window.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_alpha->address())), QStringLiteral("alpha"));
    window.resize(1024, 700);
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(ws->lastFrame() != nullptr, 10000);
    const QStringList pages = ClusterWorkspace::tabNames() << QStringLiteral("overview");
    for (const QString& page : pages) {
      QVERIFY(window.showTab(page));
      QCoreApplication::processEvents();
      QVERIFY2(window.minimumSizeHint().width() <= 1024,
               qPrintable(QStringLiteral("%1: %2").arg(page).arg(window.minimumSizeHint().width())));
      QVERIFY2(window.width() <= 1024, qPrintable(QStringLiteral("%1: %2").arg(page).arg(window.width())));
    }
  }

  // The page, the heatmap's metric and the splitters come back next time.
  // The dashboard's split follows the map until the operator drags it; a
  // fitted split is not saved (it would pin the next window to this one's
  // size), a dragged one is (layoutIsRemembered).
  void fittedSplitIsNotRemembered() {
    QSettings().remove(QStringLiteral("view/splitters/dashboardSplitter"));
    {
      MainWindow window;
      window.addCluster(std::make_unique<ClusterConnection>(QString::fromStdString(m_alpha->address())),
                        QStringLiteral("alpha"));
      window.resize(1300, 820);
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      window.close();
    }
    QVERIFY(!QSettings().contains(QStringLiteral("view/splitters/dashboardSplitter")));
  }

  void layoutIsRemembered() {
    QList<int> sizes;
    {
      MainWindow window;
      ClusterWorkspace* ws = window.addCluster(
          std::make_unique<ClusterConnection>(QString::fromStdString(m_alpha->address())), QStringLiteral("alpha"));
      window.resize(1300, 820);
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      ws->dashboard()->setMetric(Metric::Temperature);
      auto* splitter = ws->findChild<QSplitter*>(QStringLiteral("dashboardSplitter"));
      QVERIFY(splitter);
      // As a drag of the handle does (QSplitter emits splitterMoved only
      // then): the operator's split is remembered, a fitted one is not.
      Q_EMIT splitter->splitterMoved(700, 1);
      splitter->setSizes({700, 500});
      sizes = splitter->sizes();
      ws->showTab(QStringLiteral("map"));
      window.close();
    }
    MainWindow again;
    ClusterWorkspace* ws = again.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_alpha->address())), QStringLiteral("alpha"));
    QCOMPARE(ws->dashboard()->heatmap()->shownMetric(), Metric::Temperature);
    QCOMPARE(ws->pages()->currentIndex(), 2);
    QCOMPARE(again.size(), QSize(1300, 820));
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    ws->showTab(QStringLiteral("cluster"));
    QCoreApplication::processEvents();
    const QList<int> restored = ws->findChild<QSplitter*>(QStringLiteral("dashboardSplitter"))->sizes();
    QCOMPARE(restored.size(), sizes.size());
    for (int i = 0; i < sizes.size(); ++i)  // the same split, give or take a pixel of layout
      QVERIFY2(std::abs(restored[i] - sizes[i]) <= 2,
               qPrintable(QStringLiteral("%1 vs %2").arg(restored[i]).arg(sizes[i])));
  }
};

QTEST_MAIN(TestManyClusters)
#include "tst_many_clusters.moc"
