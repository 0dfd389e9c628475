// Issue 14 in a live workspace on a real gateway (a simulated cluster on
// loopback): Find highlights across the views and steps through results;
// a job's story opens from the views and follows the job list; the GPU
// allocation and fragmentation reach the dashboard; owners and teams arrive
// with the jobs and filters narrow every view at once.
#include "base/model/embedded_point.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/job_filter.h"
#include "base/model/job_timeline.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "job_selection.h"
#include "serve/gateway/gateway.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "view_settings.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/embedding_map_view.h"
#include "widgets/filter_bar.h"
#include "widgets/find_bar.h"
#include "widgets/fragmentation_panel.h"
#include "widgets/heatmap_view.h"
#include "widgets/job_story_dialog.h"
#include "widgets/queue_page.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_table_model.h"
#include "widgets/queue_timeline_view.h"

#include <QLineEdit>
#include <QLocale>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace hetsched;

class TestOperatorQuestions : public QObject {
  Q_OBJECT

  std::unique_ptr<Gateway> m_gateway;
  std::unique_ptr<ClusterWorkspace> m_workspace;

 private Q_SLOTS:
  void initTestCase() {
    SimOptions sim;
    sim.shape = defaultClusterShape(3, 3, 1);
    sim.warmupS = 900;
    GatewayOptions options;
    options.speed = 30.0;
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    m_workspace = std::make_unique<ClusterWorkspace>(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address())), QStringLiteral("sim"));
    m_workspace->resize(1300, 850);
    m_workspace->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_workspace.get()));
    // A job list with running jobs has arrived when "running" finds some.
    QTRY_VERIFY_WITH_TIMEOUT((m_workspace->find(QStringLiteral("running")), !m_workspace->findHits().jobs.empty()),
                             20000);
  }

  void cleanupTestCase() {
    m_workspace.reset();
    m_gateway.reset();
  }

  void findHighlightsEverywhereAndSteps() {
    ClusterWorkspace& ws = *m_workspace;
    ws.openFind();
    QVERIFY(ws.findBar()->isVisible());
    ws.findBar()->field()->setText(QStringLiteral("running"));  // typed: the bar asks the workspace
    const SearchHits& hits = ws.findHits();
    QVERIFY(!hits.jobs.empty());
    // The jobs found are the selection every job view shows; their devices
    // are outlined on the heatmap.
    QCOMPARE(ws.selection()->jobs(), hits.jobs);
    QVERIFY(!ws.dashboard()->heatmap()->highlightedCells().empty());
    QVERIFY(!hits.devices.empty());
    // Enter steps to the first result: the heatmap jumps to its device.
    ws.stepFind(1);
    QVERIFY(ws.dashboard()->heatmap()->selectedDevice().has_value());
    QVERIFY2(ws.findBar()->resultText().contains(QStringLiteral("result 1")), qPrintable(ws.findBar()->resultText()));
    // A node by name: outlined, and stepping to it shows the Cluster page.
    const QString node = QString::fromStdString(ws.topology()->nodes.back().name);
    ws.findBar()->field()->setText(node);
    QVERIFY(std::ranges::find(ws.findHits().nodes, static_cast<std::uint32_t>(ws.topology()->nodes.size() - 1)) !=
            ws.findHits().nodes.end());
    ws.showTab(QStringLiteral("timeline"));
    ws.stepFind(-1);  // the last result: the node (jobs come first)
    QCOMPARE(ws.pages()->currentWidget(), ws.dashboard());
    QCOMPARE(ws.dashboard()->heatmap()->selectedDevice(),
             std::optional<int>(static_cast<int>(ws.topology()->nodes.back().firstDevice)));

    ws.findBar()->field()->setText(QStringLiteral("running"));
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty()) {
      ws.showTab(QStringLiteral("cluster"));
      QTest::qWait(300);
      ws.dashboard()->heatmap()->replotNow();
      QVERIFY(ws.grab().save(dir + QStringLiteral("/find-heatmap.png")));
      ws.showTab(QStringLiteral("timeline"));
      ws.rebuildTimeline();
      QTest::qWait(300);
      QVERIFY(ws.grab().save(dir + QStringLiteral("/find-timeline.png")));
    }
    // Escape: the highlights and the selection go.
    QTest::keyClick(ws.findBar()->field(), Qt::Key_Escape);
    QVERIFY(!ws.findBar()->isVisible());
    QVERIFY(ws.selection()->jobs().empty());
    QVERIFY(ws.dashboard()->heatmap()->highlightedCells().empty());
  }

  void storyOpensFromTheViews() {
    ClusterWorkspace& ws = *m_workspace;
    ws.find(QStringLiteral("running"));
    const JobId job = ws.findHits().jobs.front();
    ws.findBar()->field()->clear();
    // The heatmap's double-click and the others all end here.
    Q_EMIT ws.dashboard()->heatmap()->jobActivated(job);
    JobStoryDialog* story = ws.jobStoryDialog();
    QVERIFY(story && story->isVisible());
    QCOMPARE(story->job(), job);
    QVERIFY2(story->displayedText().contains(QStringLiteral("State: ")), qPrintable(story->displayedText()));
    QVERIFY(story->displayedText().contains(QStringLiteral("started")));
    // The simulated cluster's jobs have owners: the story names them.
    QVERIFY2(!story->displayedText().contains(QStringLiteral("not reported")), qPrintable(story->displayedText()));
    Q_EMIT ws.queuePage()->timeline()->jobActivated(job);
    QCOMPARE(ws.jobStoryDialog(), story);  // one dialog, refilled
    QVERIFY(!ws.openJobStory(987654321));  // not listed: a message, no dialog change
    QCOMPARE(story->job(), job);
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty()) {
      QTest::qWait(200);
      QVERIFY(story->grab().save(dir + QStringLiteral("/story-live.png")));
    }
    story->close();
  }

  // Owners and teams come over the wire with the jobs; a filter narrows the
  // heatmap, the timeline, the waiting list, the job map and Find at once,
  // its chips remove one value each, and one action clears them all.
  void filtersNarrowEveryViewAtOnce() {
    ClusterWorkspace& ws = *m_workspace;
    FilterBar* bar = ws.filterBar();
    QVERIFY(bar->isVisible());
    // The simulated cluster's teams (team_mix.cpp), all five by now.
    QTRY_COMPARE_WITH_TIMEOUT(bar->teams().size(), std::size_t{5}, 10000);
    QVERIFY(std::ranges::find(bar->teams(), std::string("vision")) != bar->teams().end());
    QVERIFY(!bar->nodeGroups().empty());
    ws.rebuildTimeline();
    const std::size_t allTimelineJobs = ws.queuePage()->timeline()->timeline().jobs.size();
    const std::size_t allPoints = ws.jobMap()->shownPoints().size();
    const std::size_t allJobs = ws.filterPass().jobs.size();

    JobFilter f;
    f.teams = {"vision", "language"};
    f.states = 1u << unsigned(JobState::Running);
    ws.setFilter(f);
    QCOMPARE(bar->chipTexts(), (QStringList{QStringLiteral("State: Running"), QStringLiteral("Team: vision"),
                                            QStringLiteral("Team: language")}));
    const SearchHits pass = ws.filterPass();
    QVERIFY(!pass.jobs.empty());
    QVERIFY(pass.jobs.size() < allJobs);
    const auto passes = [&pass](JobId id) { return std::ranges::binary_search(pass.jobs, id); };
    // The heatmap veils every device not running such a job.
    HeatmapView* heatmap = ws.dashboard()->heatmap();
    QVERIFY(heatmap->filtered());
    QVERIFY(!heatmap->veiledRuns().empty());
    QVERIFY(pass.devices.size() < ws.topology()->devices.size());
    // The timeline, the waiting list and the map hold only jobs that pass.
    const JobTimeline& timeline = ws.queuePage()->timeline()->timeline();
    QVERIFY(!timeline.jobs.empty());
    QVERIFY(timeline.jobs.size() < allTimelineJobs);
    for (const TimelineJob& j : timeline.jobs) QVERIFY(passes(j.id));
    const std::size_t filteredTimelineJobs = timeline.jobs.size();
    QCOMPARE(ws.queuePage()->queuePanel()->model()->rowCount(), 0);  // running jobs do not wait
    for (const EmbeddedPoint& p : ws.jobMap()->shownPoints()) QVERIFY(passes(p.job));
    QVERIFY(ws.jobMap()->shownPoints().size() <= allPoints);
    QCOMPARE(bar->countText(), QStringLiteral("%1 jobs, %2 devices shown")
                                   .arg(QLocale().toString(qulonglong(pass.jobs.size())),
                                        QLocale().toString(qulonglong(pass.devices.size()))));
    // Find finds within the filter.
    ws.find(QStringLiteral("running"));
    QVERIFY(!ws.findHits().jobs.empty());
    for (const JobId id : ws.findHits().jobs) QVERIFY(passes(id));

    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty()) {
      ws.showTab(QStringLiteral("cluster"));
      QTest::qWait(300);
      heatmap->replotNow();
      QVERIFY(ws.grab().save(dir + QStringLiteral("/filter-heatmap.png")));
      ws.showTab(QStringLiteral("timeline"));
      QTest::qWait(300);
      QVERIFY(ws.grab().save(dir + QStringLiteral("/filter-timeline.png")));
      ws.showTab(QStringLiteral("map"));
      QTest::qWait(300);
      QVERIFY(ws.grab().save(dir + QStringLiteral("/filter-map.png")));
    }
    ws.findBar()->field()->clear();
    ws.find(QString());

    // Waiting jobs of one team: the waiting list holds only theirs.
    JobFilter waiting;
    waiting.states = 1u << unsigned(JobState::Queued);
    waiting.teams = {"language"};
    ws.setFilter(waiting);
    for (const QueuedJobPrediction& q : ws.queuePage()->queuePanel()->model()->queue()) {
      QCOMPARE(q.team, std::string("language"));
      QVERIFY(!q.owner.empty());
    }

    // A chip removes its value alone.
    bar->removeChip(0);
    QCOMPARE(ws.filter().states, std::uint8_t{0});
    QCOMPARE(ws.filter().teams, std::vector<std::string>{"language"});
    QVERIFY(ws.filterPass().jobs.size() >= ws.queuePage()->queuePanel()->model()->queue().size());
    // One action clears them all, and every view has every job again.
    QVERIFY(bar->clearButton()->isEnabled());
    bar->clearButton()->click();
    QVERIFY(ws.filter().empty());
    QVERIFY(bar->chipTexts().isEmpty());
    QVERIFY(!heatmap->filtered());
    QVERIFY(heatmap->veiledRuns().empty());
    QCOMPARE(ws.filterPass().devices.size(), ws.topology()->devices.size());
    ws.rebuildTimeline();
    QVERIFY(ws.queuePage()->timeline()->timeline().jobs.size() > filteredTimelineJobs);
    QVERIFY(ws.jobMap()->shownPoints().size() == ws.jobMap()->points().size());
  }

  // Each workspace has its own filter, and the console keeps it by the
  // workspace's name across restarts (ViewSettings).
  void filtersAreKeptPerWorkspace() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QCoreApplication::setOrganizationName(QStringLiteral("hetsched-test-filters"));
    ClusterWorkspace other(std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address())),
                           QStringLiteral("other"));
    JobFilter f;
    f.teams = {"ads"};
    f.nodeGroups = {"gpu"};
    f.priorities = 1u << unsigned(PriorityClass::High);
    m_workspace->setFilter(f);
    QVERIFY(other.filter().empty());
    ViewSettings::saveWorkspace(m_workspace.get());
    ViewSettings::saveWorkspace(&other);
    m_workspace->setFilter({});
    ViewSettings::restoreWorkspace(m_workspace.get());
    QCOMPARE(m_workspace->filter(), f);
    QCOMPARE(m_workspace->filterBar()->chipTexts().size(), 3);
    ViewSettings::restoreWorkspace(&other);
    QVERIFY(other.filter().empty());
    m_workspace->setFilter({});
  }

  void allocationAndFragmentationReachTheDashboard() {
    ClusterWorkspace& ws = *m_workspace;
    const GpuAllocation* allocation = ws.dashboard()->heatmap()->allocation();
    QVERIFY(allocation);
    QCOMPARE(allocation->deviceCount(), ws.topology()->devices.size());
    std::uint64_t held = 0;
    for (std::size_t d = 0; d < allocation->deviceCount(); ++d) held += allocation->allocatedMilli(d);
    QVERIFY(held > 0);  // a warmed-up cluster runs jobs
    QVERIFY(!ws.dashboard()->fragmentation()->summaryText().contains(QStringLiteral("no job list")));
  }
};

QTEST_MAIN(TestOperatorQuestions)
#include "tst_operator_questions.moc"
