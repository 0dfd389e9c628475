// Issue 15 item 5: the heatmap, the queue timeline and the job map colour by
// team: one colour per team, the same in every view, idle devices neutral,
// each colour selector offering Team.
#include "base/model/device_kind.h"
#include "base/model/embedded_point.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "synthetic_cluster.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/device_teams.h"
#include "widgets/embedding_map_view.h"
#include "widgets/heatmap_view.h"
#include "widgets/metric.h"
#include "widgets/qcustomplot_include.h"
#include "widgets/queue_page.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/team_colours.h"

#include <QComboBox>
#include <QFontMetrics>
#include <QLabel>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

Job running(JobId id, std::string team, std::vector<std::uint32_t> devices, JobRequests r = {.gpuCount = 1}) {
  Job j;
  j.id = id;
  j.state = JobState::Running;
  j.devices = std::move(devices);
  j.spec.name = "job-" + std::to_string(id);
  j.spec.team = std::move(team);
  j.spec.requests = r;
  j.submitTimeMs = 1000;
  j.startTimeMs = 60'000;
  return j;
}

// One GPU node of four: vision on 0 and 2, ads on 1, 3 idle; on the second
// node a GPU shared by two vision jobs (300 + 300) and one ads job (500).
struct Scene {
  Topology topology = testing::makeTopology({{DeviceKind::Gpu, 2, 4}});
  std::vector<Job> jobs{running(1, "vision", {0}),
                        running(2, "ads", {1}),
                        running(3, "vision", {2}),
                        running(4, "vision", {4}, {.gpuMilli = 300}),
                        running(5, "ads", {4}, {.gpuMilli = 500}),
                        running(6, "vision", {4}, {.gpuMilli = 300})};
  TeamPalette palette;
  TeamColours colours;
  std::shared_ptr<const GpuAllocation> allocation;
  std::shared_ptr<const DeviceTeams> teams;

  Scene() {
    Job queued;
    queued.id = 7;
    queued.spec.team = "search";
    queued.submitTimeMs = 2000;
    jobs.push_back(queued);
    std::vector<std::string> names;
    names.reserve(jobs.size());
    for (const Job& j : jobs) names.push_back(j.spec.team);
    colours = palette.coloursFor(names);
    allocation = std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(topology, jobs));
    teams = std::make_shared<const DeviceTeams>(DeviceTeams::build(*allocation, jobs, colours));
  }
  QColor colourOf(const std::string& team) const {
    return colours.colours[static_cast<std::size_t>(colours.indexOf(team))];
  }
};

// The colour most of a rectangle's pixels have: a bar's fill, whatever
// label is drawn over it.
QColor dominantColour(const QImage& image, const QRect& rect) {
  std::map<QRgb, int> count;
  const QRect r = rect.intersected(image.rect());
  for (int y = r.top(); y <= r.bottom(); ++y)
    for (int x = r.left(); x <= r.right(); ++x) ++count[image.pixel(x, y) | 0xFF000000u];
  const auto best = std::ranges::max_element(count, {}, &std::pair<const QRgb, int>::second);
  return best == count.end() ? QColor() : QColor(best->first);
}

}  // namespace

class TestTeamColours : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void paletteIsStableAndDistinct() {
    TeamPalette a;
    TeamPalette b;
    const TeamColours first = a.coloursFor(std::vector<std::string>{"vision", "ads", "search"});
    const TeamColours second = b.coloursFor(std::vector<std::string>{"search", "vision", "ads", "vision"});
    QCOMPARE(first.names, (std::vector<std::string>{"ads", "search", "vision"}));
    QVERIFY(first == second);  // the order teams come in does not matter
    // A new team never recolours the others.
    const TeamColours third = a.coloursFor(std::vector<std::string>{"aardvark", "vision", "ads", "search"});
    for (const std::string& team : first.names)
      QCOMPARE(third.colours[static_cast<std::size_t>(third.indexOf(team))],
               first.colours[static_cast<std::size_t>(first.indexOf(team))]);
    // Seven teams take the seven palette colours, all different; more get a
    // colour from their name, the same in every palette.
    std::vector<std::string> many;
    many.reserve(10);
    for (int i = 0; i < 10; ++i) many.push_back("team-" + std::to_string(i));
    TeamPalette c;
    TeamPalette d;
    const TeamColours mc = c.coloursFor(many);
    std::vector<std::string> reversed(many.rbegin(), many.rend());
    QVERIFY(mc == d.coloursFor(reversed));
    std::set<QRgb> distinct;
    for (const QColor& colour : mc.colours) {
      QVERIFY(colour.isValid());
      distinct.insert(colour.rgb());
    }
    QVERIFY2(distinct.size() >= TeamPalette::kPaletteSize + 1, qPrintable(QString::number(distinct.size())));
    // Idle is grey and no team's colour, in either theme.
    for (const QPalette& p : {QPalette(Qt::white), QPalette(Qt::black)}) {
      const QColor idle = idleTeamColour(p);
      QCOMPARE(idle.hsvSaturation(), 0);
      for (const QColor& colour : mc.colours) QVERIFY(colour != idle);
    }
  }

  void sharedDeviceGoesToTheLargestTeam() {
    const Scene s;
    // vision 300 + 300 beats ads' 500 on device 4; both are named.
    QCOMPARE(s.teams->teamOf(4), s.colours.indexOf("vision"));
    QCOMPARE(teamsText(*s.teams, s.allocation.get(), 4), QStringLiteral("vision, ads"));
    QCOMPARE(s.teams->teamOf(3), -1);
    QCOMPARE(s.teams->codes()[3], 0.0f);
    QCOMPARE(teamsText(*s.teams, s.allocation.get(), 1), QStringLiteral("ads"));
  }

  void heatmapAndTimelineAgree() {
    const Scene s;
    HeatmapView heatmap;
    heatmap.resize(700, 320);
    heatmap.setTopology(s.topology);
    heatmap.setFrame(testing::makeFrame(s.topology, 1));
    heatmap.setAllocation(s.allocation);
    heatmap.setTeams(s.teams);
    heatmap.setMetric(Metric::Team);
    heatmap.show();
    QVERIFY(QTest::qWaitForWindowExposed(&heatmap));
    heatmap.replotNow();
    const QColor vision = s.colourOf("vision");
    const QColor ads = s.colourOf("ads");
    QVERIFY(vision != ads);
    QCOMPARE(heatmap.cellColor(0), vision);
    QCOMPARE(heatmap.cellColor(1), ads);
    QCOMPARE(heatmap.cellColor(2), vision);
    QCOMPARE(heatmap.cellColor(4), vision);
    QCOMPARE(heatmap.cellColor(3), idleTeamColour(heatmap.palette()));
    // What is drawn, not only what the gradient says.
    const QImage picture = heatmap.grab().toImage();
    for (const int d : {0, 1, 2, 3}) {
      const QPoint centre = heatmap.cellCenter(d).toPoint();
      QCOMPARE(dominantColour(picture, QRect(centre - QPoint(3, 3), QSize(7, 7))), heatmap.cellColor(d));
    }
    QVERIFY(heatmap.toolTipFor(0).contains(QStringLiteral("Team: vision")));
    QVERIFY(heatmap.toolTipFor(4).contains(QStringLiteral("Team: vision, ads")));
    // The colour bar is the legend: idle and every team named.
    const auto ticks = qSharedPointerCast<QCPAxisTickerText>(heatmap.colorScale()->axis()->ticker());
    QVERIFY(ticks);
    QCOMPARE(ticks->ticks().value(0), QStringLiteral("idle"));
    QCOMPARE(ticks->ticks().value(s.colours.indexOf("ads") + 1), QStringLiteral("ads"));
    QCOMPARE(ticks->ticks().value(s.colours.indexOf("vision") + 1), QStringLiteral("vision"));

    QueueTimelineView timeline;
    timeline.resize(900, 400);
    timeline.setTopology(s.topology);
    timeline.setTimeline(timelineFromJobs(s.jobs, 600'000));
    timeline.setTeamColours(s.colours);
    timeline.setColorBy(QueueTimelineView::ColorBy::Team);
    timeline.setVisibleRange(0, 700'000);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    const QImage bars = timeline.grab().toImage();
    std::map<JobId, QColor> seen;
    for (std::size_t seg = 0; seg < timeline.timeline().segments.size(); ++seg) {
      const TimelineSegment& segment = timeline.timeline().segments[seg];
      if (segment.kind != SegmentKind::Running || segment.device > 2) continue;
      const QRect rect = timeline.segmentRect(seg);
      QVERIFY(!rect.isEmpty());
      seen[segment.job] = dominantColour(bars, rect);
    }
    QCOMPARE(seen.size(), std::size_t{3});
    QCOMPARE(seen[1], heatmap.cellColor(0));  // the same team, the same colour, in both views
    QCOMPARE(seen[3], seen[1]);
    QCOMPARE(seen[2], heatmap.cellColor(1));
    QVERIFY(seen[2] != seen[1]);
  }

  void selectorsOfferTeam() {
    const Scene s;
    ClusterDashboard dashboard;
    dashboard.resize(1000, 600);
    dashboard.setTopology(s.topology);
    dashboard.setFrame(testing::makeFrame(s.topology, 1));
    dashboard.setAllocation(s.allocation);
    dashboard.setTeams(s.teams);
    const int row = dashboard.metricSelector()->findData(static_cast<int>(Metric::Team));
    QVERIFY(row >= 0);
    QCOMPARE(dashboard.metricSelector()->itemText(row), QStringLiteral("Team"));
    dashboard.metricSelector()->setCurrentIndex(row);
    QCOMPARE(dashboard.heatmap()->shownMetric(), Metric::Team);
    dashboard.details()->setDevice(4);
    QVERIFY2(dashboard.details()->displayedText().contains(QStringLiteral("Team: vision, ads")),
             qPrintable(dashboard.details()->displayedText()));
    dashboard.details()->setDevice(3);
    QVERIFY(dashboard.details()->displayedText().contains(QStringLiteral("Team: —")));

    QueuePage page;
    page.setTeamColours(s.colours);
    const int teamRow = page.colorSelector()->findData(static_cast<int>(QueueTimelineView::ColorBy::Team));
    QVERIFY(teamRow >= 0);
    QVERIFY(!page.legend()->findChild<QLabel*>(QStringLiteral("teamLegend")));
    page.colorSelector()->setCurrentIndex(teamRow);
    QCOMPARE(page.timeline()->colorBy(), QueueTimelineView::ColorBy::Team);
    const auto* legend = page.legend()->findChild<QLabel*>(QStringLiteral("teamLegend"));
    QVERIFY(legend);
    for (const std::string& team : s.colours.names) {
      QVERIFY(legend->text().contains(QString::fromStdString(team)));
      QVERIFY(legend->text().contains(s.colourOf(team).name()));
    }

    // The job map: one legend entry per team, in the team's colour.
    EmbeddingMapView map;
    map.setJobs(std::make_shared<const std::vector<Job>>(s.jobs), 600'000);
    map.setTeamColours(s.colours);
    std::vector<EmbeddedPoint> points;
    points.reserve(s.jobs.size());
    for (const Job& j : s.jobs) points.push_back({j.id, static_cast<float>(j.id), 1.0f});
    map.setPoints(points);
    map.setColorBy(EmbeddingMapView::ColorBy::Team);
    QStringList names;
    for (int i = 0; i < map.plot()->graphCount(); ++i) names << map.plot()->graph(i)->name();
    QVERIFY2(names.contains(QStringLiteral("vision (4)")), qPrintable(names.join(QLatin1Char('|'))));
    QVERIFY(names.contains(QStringLiteral("ads (2)")));
    QVERIFY(names.contains(QStringLiteral("search (1)")));
  }

  // Kubernetes clusters have dozens of namespaces, some with long names: the
  // legends wrap or thin out and the pages still fit a 1024 px window
  // (tst_many_clusters checks the whole window in its default colourings).
  void manyTeamsStayNarrow() {
    Scene s;
    std::vector<Job> jobs;
    jobs.reserve(40);
    for (std::uint32_t i = 0; i < 40; ++i)
      jobs.push_back(running(100 + i, "namespace-for-a-rather-long-team-name-" + std::to_string(i), {i % 8}));
    std::vector<std::string> names;
    names.reserve(jobs.size());
    for (const Job& j : jobs) names.push_back(j.spec.team);
    const TeamColours colours = s.palette.coloursFor(names);
    const auto allocation = std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(s.topology, jobs));

    QueuePage page;
    page.setTeamColours(colours);
    page.colorSelector()->setCurrentIndex(
        page.colorSelector()->findData(static_cast<int>(QueueTimelineView::ColorBy::Team)));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY2(page.minimumSizeHint().width() <= 1000, qPrintable(QString::number(page.minimumSizeHint().width())));
    QCOMPARE(page.width(), 1000);

    ClusterDashboard dashboard;
    dashboard.setTopology(s.topology);
    dashboard.setFrame(testing::makeFrame(s.topology, 1));
    dashboard.setAllocation(allocation);
    dashboard.setTeams(std::make_shared<const DeviceTeams>(DeviceTeams::build(*allocation, jobs, colours)));
    dashboard.setMetric(Metric::Team);
    dashboard.resize(1000, 600);
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    dashboard.heatmap()->replotNow();
    QVERIFY2(dashboard.minimumSizeHint().width() <= 1000,
             qPrintable(QString::number(dashboard.minimumSizeHint().width())));
    // Names are cut short on the colour bar, and thinned to its height.
    const auto ticks = qSharedPointerCast<QCPAxisTickerText>(dashboard.heatmap()->colorScale()->axis()->ticker());
    QVERIFY(ticks);
    QVERIFY(ticks->ticks().size() >= 2);
    for (const QString& label : ticks->ticks()) QVERIFY2(label.size() <= 18, qPrintable(label));
    const int lineHeight = QFontMetrics(dashboard.heatmap()->colorScale()->axis()->tickLabelFont()).height();
    QVERIFY2(ticks->ticks().size() <= dashboard.heatmap()->plot()->axisRect()->height() / lineHeight + 1,
             qPrintable(QString::number(ticks->ticks().size())));
  }
};

QTEST_MAIN(TestTeamColours)
#include "tst_team_colours.moc"
